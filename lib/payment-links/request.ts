import type { CreatePaymentLinkInput, LinkKind } from "./schemas";

// What a payment link sends, by kind (customs spec, "Payment endpoint parameters seen").

export const LINK_ENDPOINTS = { hosted: "/chop/chop", pay: "/payment/pay", qr: "/payment/pay_qr" } as const;

/** The spec's parameter name of each form field beyond amount and vendor (shown as the field's hint). */
export const SPEC_NAME = {
  callbackUrl: "callback_url",
  callbackUrlSuccess: "callback_url_success",
  callbackUrlFail: "callback_url_fail",
  mobileResultUrl: "mobile_result_url",
  allowDuplicates: "allow_duplicates=yes",
} as const;

/** The return URLs and duplicates switch as the spec names them: what the link asked, kept with it. */
export type LinkAsked = {
  callback_url?: string;
  callback_url_success?: string;
  callback_url_fail?: string;
  mobile_result_url?: string;
  allow_duplicates?: "yes";
};

export function askedOf(input: CreatePaymentLinkInput): LinkAsked {
  const asked: LinkAsked =
    input.kind === "hosted"
      ? {
          callback_url_success: input.callbackUrlSuccess,
          callback_url_fail: input.callbackUrlFail,
          mobile_result_url: input.mobileResultUrl,
        }
      : { callback_url: input.callbackUrl };
  if (input.allowDuplicates) asked.allow_duplicates = "yes";
  return Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined)) as LinkAsked;
}

/** The asked part of a stored link (a JSON column), read back: spec names with string values only. */
export function readAsked(value: unknown): LinkAsked {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const keys = ["callback_url", "callback_url_success", "callback_url_fail", "mobile_result_url", "allow_duplicates"];
  return Object.fromEntries(
    Object.entries(value).filter(([k, v]) => keys.includes(k) && typeof v === "string"),
  ) as LinkAsked;
}

export type LinkRequest =
  | { kind: "hosted"; params: ChopParams }
  | { kind: Exclude<LinkKind, "hosted">; params: PayParams };
type Common = {
  amount: number;
  currency: string;
  reference: string;
  ipn_url?: string;
  amount_CNY?: "yes";
  allow_duplicates?: "yes";
};
type ChopParams = Common & {
  payment_method: CreatePaymentLinkInput["vendor"];
  callback_url_success?: string;
  callback_url_fail?: string;
  mobile_result_url?: string;
};
type PayParams = Common & { vendor: CreatePaymentLinkInput["vendor"]; callback_url?: string };

/** The form parameters of the link's endpoint; amount_CNY is asked for except for upop (not offered there). */
export function linkRequest(input: CreatePaymentLinkInput, reference: string, ipnUrl?: string): LinkRequest {
  const common = {
    amount: input.amount,
    currency: input.currency,
    reference,
    ...(ipnUrl ? { ipn_url: ipnUrl } : {}),
    ...(input.vendor === "upop" ? {} : { amount_CNY: "yes" as const }),
    ...askedOf(input),
  };
  return input.kind === "hosted"
    ? { kind: "hosted", params: { ...common, payment_method: input.vendor } }
    : { kind: input.kind, params: { ...common, vendor: input.vendor } };
}
