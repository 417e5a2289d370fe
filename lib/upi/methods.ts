// The payment API's words that the browser needs too: plain values, no zod, no server code.

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
