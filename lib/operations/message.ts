import type { Format } from "@/lib/platform/i18n/format";
import { type PaymentErrorsT, paymentErrorWords, isRefusalKey } from "@/lib/upi/shared";

/** After this many checks the page asks a person to look. */
export const ATTENTION_AFTER_CHECKS = 6;

export type OperationFacts = {
  kind: string;
  status: string;
  amount: number;
  currency: string;
  checks: number;
  decidedBy: string | null;
  decisionComment: string | null;
  errorCode?: string | null;
  errorMessage?: string | null;
  errorKey?: string | null;
};

type Translate = { (key: never, values?: never): string; has: (key: never) => boolean };
/** The two namespaces an outcome is worded from: its own, and the payment service's refusals. */
export type OperationTranslators = { operations: Translate; paymentErrors: PaymentErrorsT };

/** The operation's outcome as one sentence. */
export function operationMessage(
  translators: OperationTranslators,
  f: Pick<Format, "money">,
  op: OperationFacts,
  why?: string,
): string {
  const t = translators.operations as unknown as (key: string, values?: Record<string, string | number>) => string;
  const kind = op.kind === "capture" || op.kind === "refund" || op.kind === "cancel" ? t(`kinds.${op.kind}`) : op.kind;
  const values = { kind, amount: f.money(op.amount, op.currency) };
  switch (op.status) {
    case "pending_approval":
      return t("message.pending_approval", values);
    case "rejected":
      return op.decidedBy
        ? t("message.rejected", { ...values, by: op.decidedBy, comment: op.decisionComment ?? "" }).trim()
        : t("message.rejectedByManager", { ...values, comment: op.decisionComment ?? "" }).trim();
    case "pending":
      return t("message.pending", values);
    case "succeeded":
      return t("message.succeeded", values);
    case "failed":
      return t("message.failed", { ...values, why: why ?? reasonOf(translators, op) }).trim();
    case "unknown":
      return op.checks >= ATTENTION_AFTER_CHECKS
        ? t("message.unknownAttention", { ...values, checks: op.checks })
        : t("message.unknown", values);
    default:
      return op.status;
  }
}

function reasonOf(translators: OperationTranslators, op: OperationFacts): string {
  if (!isRefusalKey(op.errorKey)) return op.errorMessage ?? "";
  const words = paymentErrorWords(translators.paymentErrors, op.errorKey);
  return (translators.operations as unknown as (key: string, values: typeof words) => string)("refusal", words);
}
