import type { useTranslations } from "use-intl";
import { isCustomsErrorCode } from "@/lib/customs/codes";

// Customs' codes and statuses in the reader's language, from the translator a page has (the
// payment service's refusals: lib/upi/codes.ts).

export type CustomsT = ReturnType<typeof useTranslations<"customs">>;
type Named = "customsStatuses" | "identityChecks" | "vendors" | "paymentTypes" | "paymentStatuses" | "states";
function named(t: CustomsT, group: Named, code: string): string {
  const key = `${group}.${code}` as Parameters<CustomsT>[0];
  return t.has(key) ? t(key) : code;
}

/** A customs code's explanation and action in the reader's language (unknown codes: null). */
export function customsError(t: CustomsT, code: string): { explanation: string; action: string } | null {
  if (!isCustomsErrorCode(code)) return null;
  return { explanation: t(`errors.${code}.explanation`), action: t(`errors.${code}.action`) };
}

/** A Customs status code (SUCCESS…) as the reader names it; a code the catalogs do not know stays as sent. */
export function customsStatusLabel(t: CustomsT, status: string | null): string {
  if (!status) return "—";
  return named(t, "customsStatuses", status);
}

/** A buyer identity check's result (PASS, FAIL, UNCHECKED) as the reader names it. */
export function identityCheckLabel(t: CustomsT, result: string | null): string {
  if (!result) return "—";
  return named(t, "identityChecks", result);
}

/** The vendor's and payment type's names (codes the catalogs do not know stay as they are). */
export function vendorLabel(t: CustomsT, vendor: string): string {
  return named(t, "vendors", vendor);
}
export function paymentTypeLabel(t: CustomsT, type: string): string {
  return named(t, "paymentTypes", type);
}

export function paymentStatusLabel(t: CustomsT, status: string | null): string {
  if (!status) return "—";
  return named(t, "paymentStatuses", status);
}

export function stateLabel(t: CustomsT, state: string): string {
  return named(t, "states", state);
}

export type InquireProblem = { subOrderNo: string; code: string | null; message: string };

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
