import type { useTranslations } from "use-intl";
import en from "@/lib/platform/i18n/messages/en/customs.json";
import { isCustomsErrorCode } from "@/lib/customs/errors";
import { type PaymentErrorKey, paymentErrorKey } from "@/lib/upi/errors";

// The service's error codes in the reader's language. A sub-order's stored problem is the
// English sentence the console wrote when Customs refused it (lib/declarations/send.ts:
// explanation, the service's own detail in brackets, action): its code says which words to
// show instead, and the service's detail stays as the service wrote it. Client-safe.

export type CustomsT = ReturnType<typeof useTranslations<"customs">>;

/** The service's detail inside a stored sentence for `code`; null when it is not one the console wrote. */
export function storedDetail(code: string, stored: string): string | null {
  if (!isCustomsErrorCode(code)) return null;
  const { explanation, action } = en.errors[code];
  if (!stored.startsWith(explanation) || !stored.endsWith(action)) return null;
  const middle = stored.slice(explanation.length, stored.length - action.length).trim();
  if (!middle) return "";
  return /^\(.*\)$/s.test(middle) ? middle.slice(1, -1) : null;
}

/** What a refused or unknown sub-order shows under "Problem": the code's words, the service's detail kept. */
export function subOrderProblem(t: CustomsT, code: string | null, stored: string): string {
  if (stored === en.errors.notSubmitted) return t("errors.notSubmitted");
  if (!code || !isCustomsErrorCode(code)) return stored;
  const detail = storedDetail(code, stored);
  if (detail === null) return stored; // the service's own words (an inquiry's error detail)
  const words = { explanation: t(`errors.${code}.explanation`), action: t(`errors.${code}.action`) };
  return detail ? t("errors.withDetail", { ...words, detail }) : t("errors.withoutDetail", words);
}

/** A customs code's explanation and action in the reader's language (unknown codes: null). */
export function customsError(t: CustomsT, code: string): { explanation: string; action: string } | null {
  if (!isCustomsErrorCode(code)) return null;
  return { explanation: t(`errors.${code}.explanation`), action: t(`errors.${code}.action`) };
}

/** A payment-service code (4xxx, 5100, the console's own) in the reader's language: title, explanation, action. */
export function paymentError(
  t: CustomsT,
  code: string,
  upstreamMessage = "",
): { title: string; explanation: string; action: string } | null {
  const key = paymentErrorKey(code, upstreamMessage);
  return key ? paymentErrorWords(t, key) : null;
}

/** The words of one of the payment service's explained refusals, by its key (an operation's errorKey). */
export function paymentErrorWords(t: CustomsT, key: PaymentErrorKey) {
  return {
    title: t(`paymentErrors.${key}.title`),
    explanation: t(`paymentErrors.${key}.explanation`),
    action: t(`paymentErrors.${key}.action`),
  };
}

/** A Customs status code (SUCCESS…) as the reader names it; a code the catalogs do not know stays as sent. */
export function customsStatusLabel(t: CustomsT, status: string | null): string {
  if (!status) return "—";
  return status in en.customsStatuses ? t(`customsStatuses.${status as keyof typeof en.customsStatuses}`) : status;
}

/** A buyer identity check's result (PASS, FAIL, UNCHECKED) as the reader names it. */
export function identityCheckLabel(t: CustomsT, result: string | null): string {
  if (!result) return "—";
  return result in en.identityChecks ? t(`identityChecks.${result as keyof typeof en.identityChecks}`) : result;
}

/** The vendor's and payment type's names (codes the catalogs do not know stay as they are). */
export function vendorLabel(t: CustomsT, vendor: string): string {
  return vendor in en.vendors ? t(`vendors.${vendor as keyof typeof en.vendors}`) : vendor;
}
export function paymentTypeLabel(t: CustomsT, type: string): string {
  return type in en.paymentTypes ? t(`paymentTypes.${type as keyof typeof en.paymentTypes}`) : type;
}

/** The paid order's status as the ledger holds it (succeeded…), named in the reader's language. */
export function paymentStatusLabel(t: CustomsT, status: string | null): string {
  if (!status) return "—";
  return status in en.paymentStatuses ? t(`paymentStatuses.${status as keyof typeof en.paymentStatuses}`) : status;
}

/** A sub-order's state (pending, submitted…) as the reader names it. */
export function stateLabel(t: CustomsT, state: string): string {
  return state in en.states ? t(`states.${state as keyof typeof en.states}`) : state;
}

// The shapes a declaration's inquiry and payment lookup report (lib/declarations/inquire.ts,
// parent.ts), defined where they are worded: customs' words sit below the declarations.

/**
 * What an inquiry could not settle, per sub-order: `message` in English (also in `errors`), and
 * `code` (a customs code, or the rule: still_settling, changed_meanwhile; null: no answer) for
 * the page to word it in the reader's language.
 */
export type InquireProblem = { subOrderNo: string; code: string | null; message: string };

/** Why the CNY amount is missing, for the reader's language (cnyNote keeps the English words). */
export type CnyReason =
  | { code: "not_in_ledger" }
  | { code: "fetch_failed"; error: string | null }
  | { code: "upop" }
  | { code: "no_cny"; method: string; currency: string };

/** Why a sub-order's inquiry did not settle, in the reader's words (the English when the code is not one the page knows). */
export function inquireProblem(t: CustomsT, p: InquireProblem): string {
  if (p.code === "still_settling" || p.code === "changed_meanwhile")
    return t(`actions.problems.${p.code}`, { subOrderNo: p.subOrderNo });
  if (p.code === null) return t("actions.noAnswer", { subOrderNo: p.subOrderNo });
  const explained = customsError(t, p.code);
  return explained ? t("actions.problems.customs", { subOrderNo: p.subOrderNo, ...explained }) : p.message;
}

/** Why the CNY amount is missing, in the reader's words (the English note when the reason is not given). */
export function cnyNote(t: CustomsT, p: { cnyNote: string | null; cnyReason?: CnyReason | null }): string | null {
  const r = p.cnyReason;
  if (!r) return p.cnyNote;
  if (r.code === "not_in_ledger") return t("lookup.cny.notInLedger");
  if (r.code === "upop") return t("lookup.cny.upop");
  if (r.code === "no_cny") return t("lookup.cny.noCny", { method: vendorLabel(t, r.method), currency: r.currency });
  const explained = r.error ? customsError(t, r.error) : null;
  return t("lookup.cny.fetchFailed", { reason: explained?.explanation ?? t("lookup.cny.noAnswer") });
}
