// The terminal's sections beyond the first screen, and which a method can use.

export const SECTIONS = [
  "customer",
  "billing",
  "shipping",
  "items",
  "installments",
  "urls",
  "device",
  "threeDs",
  "advanced",
] as const;
export type Section = (typeof SECTIONS)[number];

const REDIRECT_STYLE = new Set(["", "alipay", "wechatpay", "upop", "naverpay", "kakaopay", "payco"]);

/** Whether the method reads payment.client, urls.* and payment.timeout (redirect-style methods). */
export const redirectStyle = (method: string) => REDIRECT_STYLE.has(method);

/** Methods the consult answers for (card: installment plans; alipay, as alipay+: promotions). */
export const CONSULTED = new Set(["card", "alipay"]);

/** Methods that cannot describe the charge without its goods lines (goods.data[]). */
export const NEEDS_GOODS = new Set(["klarna"]);

export function sectionUsable(section: Section, method: string): boolean {
  switch (section) {
    case "threeDs":
      return method === "card";
    case "billing":
      return method === "card" || method === "klarna" || method === "";
    case "urls":
      return redirectStyle(method);
    case "installments":
      return CONSULTED.has(method);
    default:
      return true;
  }
}

export const sectionRequired = (section: Section, method: string) => section === "items" && NEEDS_GOODS.has(method);

/** The payment.indicator values the spec has seen: suggestions, a method may take another (a numeric string). */
export const INDICATORS = ["non-authenticated", "nonauthenticated", "authenticated ecommerce"] as const;

const SECTION_OF: [string, Section][] = [
  ["consumer.documentId", "advanced"],
  ["consumer", "customer"],
  ["billingAddress", "billing"],
  ["shipping", "shipping"],
  ["goods", "items"],
  ["installments", "installments"],
  ["urls", "urls"],
  ["clients", "device"],
  ["device", "device"],
  ["clientApp", "device"],
  ["threeDs", "threeDs"],
  ["locale", "advanced"],
  ["indicator", "advanced"],
  ["timeout", "advanced"],
  ["note", "advanced"],
];

/** The section a form field ("goods.0.name") stands in; null for the first screen's fields. */
export function sectionOf(field: string): Section | null {
  const hit = SECTION_OF.find(([prefix]) => field === prefix || field.startsWith(`${prefix}.`));
  return hit ? hit[1] : null;
}
