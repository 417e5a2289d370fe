// Shared by the declaration form (browser) and the server; no zod here.
export { VENDORS, PAYMENT_TYPES, ID_TYPES, BUSINESS_TYPES } from "@/lib/customs/shared";

/** upop accepts only Hosted and Online; the others all three. */
export const PAYMENT_TYPES_BY_VENDOR = {
  alipay: ["Hosted", "Online", "InStore"],
  wechatpay: ["Hosted", "Online", "InStore"],
  upop: ["Hosted", "Online"],
} as const;

export const SUB_ORDER_STATES = ["pending", "sending", "submitted", "failed", "unknown", "corrected"] as const;

/** What Customs says of a sub-order (the glossary's seven; the sandbox answers five of them). */
export const CUSTOMS_STATUSES = [
  "UNDECLARED",
  "SUBMITTED",
  "PROCESSING",
  "SUCCESS",
  "FAIL",
  "EXCEPT",
  "CORRECTED",
] as const;

/** Customs's own refusals: EXCEPT (WeChat Pay's word) and FAIL. A re-push is how they are corrected. */
export const REJECTED_STATUSES = ["EXCEPT", "FAIL"] as const;

/** A sub-order Customs took and then refused: submitted on our side, rejected on theirs. */
export const isRejected = (s: { state: string; customsStatus: string | null }) =>
  s.state === "submitted" && (REJECTED_STATUSES as readonly string[]).includes(s.customsStatus ?? "");

export const isAccepted = (s: { state: string; customsStatus: string | null }) =>
  s.state === "submitted" && s.customsStatus === "SUCCESS";

/** A sub-order the correction form opens for: refused by Customs, or never taken (failed). */
export const isCorrectable = (s: { state: string; customsStatus: string | null }) =>
  s.state === "failed" || isRejected(s);
