// Plain values shared by the server and the browser; no zod here, so client bundles
// that need a list of statuses do not pull in the validation library.
export const SORTS = ["time", "amount"] as const;
export const TYPES = ["charge", "capture", "refund", "cancel"] as const;
export const STATUSES = ["initiated", "authorized", "pending", "succeeded", "canceled"] as const;
/** The spec's methods, and paypal, which the real service was recorded accepting. */
export const METHODS = [
  "alipay",
  "wechatpay",
  "upop",
  "naverpay",
  "card",
  "klarna",
  "kakaopay",
  "payco",
  "paypal",
] as const;
