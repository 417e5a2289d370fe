// The terminal's fields as typed, and how they become the body of POST /api/charges (zod-free:
// the page loads it; charge-schema.ts, loaded at the first check, holds the validator). The
// server's own schema checks it (card number by Luhn, a past expiry, the currency), with the
// amounts read from their text in the chosen currency. Field names follow the API's paths, so a
// problem the server finds lands on the same field. A section the method cannot use sends nothing.

import { redirectStyle, sectionUsable } from "@/lib/charges/sections";

type Address = { street: string; street2: string; city: string; state: string; zip: string; country: string };
export type GoodsLineValues = {
  name: string;
  sku: string;
  url: string;
  quantity: string;
  unitAmount: string;
  totalAmount: string;
  totalTaxRate: string;
  totalTaxAmount: string;
  totalDiscountAmount: string;
  taxableAmount: string;
  taxExemptAmount: string;
};

export type ChargeValues = {
  amount: string;
  currency: string;
  country: string;
  method: string;
  reference: string;
  card: { pan: string; expiry: string; cvv: string; firstName: string; lastName: string };
  vaultToken: string;
  requestToken: boolean;
  consumer: {
    reference: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string;
    documentId: string;
  };
  autoCapture: boolean;
  billingAddress: Address;
  shipping: Address & {
    firstName: string;
    lastName: string;
    phone: string;
    email: string;
    vendor: string;
    tracking: string;
  };
  goods: GoodsLineValues[];
  urls: { success: string; fail: string; cancel: string; mobile: string };
  clients: string[];
  device: { id: string; ip: string; fingerprint: string };
  clientApp: { app: string; version: string };
  threeDs: { indicator: string; authentication: string; id: string; version: string; tranxId: string };
  /** installments: promo is the codes typed or chosen, separated by commas. */
  installments: { id: string; paymentNumber: string; quantity: string; promo: string };
  /** The consult's device parameter (ios, android): asked of the consult, not sent with the charge. */
  consultDevice: string;
  locale: string;
  indicator: string;
  timeout: string;
  note: string;
};

const address = (): Address => ({ street: "", street2: "", city: "", state: "", zip: "", country: "" });
export const emptyGoodsLine = (): GoodsLineValues => ({
  name: "",
  sku: "",
  url: "",
  quantity: "1",
  unitAmount: "",
  totalAmount: "",
  totalTaxRate: "",
  totalTaxAmount: "",
  totalDiscountAmount: "",
  taxableAmount: "",
  taxExemptAmount: "",
});

export const chargeDefaults = (vaultToken?: string): ChargeValues => ({
  amount: "",
  currency: "USD",
  country: "",
  method: "card",
  reference: "",
  card: { pan: "", expiry: "", cvv: "", firstName: "", lastName: "" },
  vaultToken: vaultToken ?? "",
  requestToken: false,
  consumer: { reference: "", email: "", firstName: "", lastName: "", phone: "", documentId: "" },
  autoCapture: false,
  billingAddress: address(),
  shipping: { ...address(), firstName: "", lastName: "", phone: "", email: "", vendor: "", tracking: "" },
  goods: [],
  urls: { success: "", fail: "", cancel: "", mobile: "" },
  clients: [],
  device: { id: "", ip: "", fingerprint: "" },
  clientApp: { app: "", version: "" },
  threeDs: { indicator: "", authentication: "", id: "", version: "", tranxId: "" },
  installments: { id: "", paymentNumber: "", quantity: "", promo: "" },
  consultDevice: "",
  locale: "",
  indicator: "",
  timeout: "",
  note: "",
});

const text = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);
/** Digits become a number; anything else goes as typed, for the schema to name. */
const whole = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : text(s));

/** The object's typed fields, trimmed; undefined when every one is empty. */
function filled<T extends Record<string, string>>(o: T, upper: (keyof T)[] = []) {
  const out = Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, upper.includes(k) ? text(v)?.toUpperCase() : text(v)]),
  );
  return Object.values(out).some(Boolean) ? out : undefined;
}

const goodsLine = (l: GoodsLineValues) => ({
  ...filled(l),
  name: l.name.trim(),
  quantity: whole(l.quantity),
  unitAmount: l.unitAmount,
  totalAmount: l.totalAmount,
  totalTaxRate: whole(l.totalTaxRate),
});

/** The promotion codes of a comma-separated text, each once. */
export const promoCodes = (s: string) => [
  ...new Set(
    s
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean),
  ),
];

function installmentsOf(i: ChargeValues["installments"]) {
  const promo = promoCodes(i.promo);
  const typed = {
    id: text(i.id),
    paymentNumber: whole(i.paymentNumber),
    quantity: whole(i.quantity),
    promo: promo.length ? promo : undefined,
  };
  return Object.values(typed).some((v) => v !== undefined) ? typed : undefined;
}

/** The values as the API's body: empty fields left out, card details only for a card. */
export function toBody(v: ChargeValues) {
  const card = v.method === "card";
  const use = (section: Parameters<typeof sectionUsable>[0]) => sectionUsable(section, v.method);
  const redirect = redirectStyle(v.method);
  const customer = use("customer") ? filled({ ...v.consumer, documentId: "" }) : undefined;
  const documentId = use("advanced") ? text(v.consumer.documentId) : undefined;
  return {
    amount: v.amount,
    currency: v.currency,
    autoCapture: v.autoCapture,
    reference: text(v.reference),
    country: text(v.country)?.toUpperCase(),
    method: v.method || undefined,
    consumer: customer || documentId ? { ...customer, documentId } : undefined,
    vaultToken: card ? text(v.vaultToken) : undefined,
    card:
      card && !text(v.vaultToken)
        ? {
            pan: v.card.pan,
            expiry: v.card.expiry.trim(),
            cvv: v.card.cvv.trim(),
            firstName: text(v.card.firstName),
            lastName: text(v.card.lastName),
          }
        : undefined,
    requestToken: card && v.requestToken ? true : undefined,
    billingAddress: use("billing") ? filled(v.billingAddress, ["country"]) : undefined,
    shipping: use("shipping") ? filled(v.shipping, ["country"]) : undefined,
    goods: use("items") && v.goods.length ? v.goods.map(goodsLine) : undefined,
    urls: use("urls") ? filled(v.urls) : undefined,
    clients: redirect && v.clients?.length ? v.clients : undefined,
    device: use("device") ? filled(v.device) : undefined,
    clientApp: use("device") ? filled(v.clientApp) : undefined,
    threeDs: use("threeDs") ? filled(v.threeDs) : undefined,
    installments: use("installments") ? installmentsOf(v.installments) : undefined,
    locale: text(v.locale),
    indicator: text(v.indicator),
    timeout: redirect ? whole(v.timeout) : undefined,
    note: text(v.note),
  };
}
