/** What a charge may name (the spec's "payment method values seen in charge requests"). */
export const CHARGE_METHODS = [
  "alipay",
  "wechatpay",
  "upop",
  "naverpay",
  "card",
  "klarna",
  "kakaopay",
  "payco",
] as const;
export type ChargeMethod = (typeof CHARGE_METHODS)[number];

/** The spec's methods, and paypal, which the real service was recorded accepting. */
export const METHODS = [...CHARGE_METHODS, "paypal"] as const;
