import type { Format } from "@/lib/platform/i18n/format";
import { type PaymentErrorsT, paymentErrorWords } from "@/lib/customs/explain";
import { isRefusalKey } from "@/lib/upi/codes";

// What a person reads about an operation's outcome, in their language: one catalog sentence
// per status (operations namespace, `message.*`), the amount in their number format. The API
// keeps its own English `message` (lib/operations/view.ts); pages and forms show this one.
// Client-safe: the operation's JSON from the API or the server's view both fit.

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
  /** The stored reason's key in `paymentErrors`, when it is an explained refusal (lib/operations/reason.ts). */
  errorKey?: string | null;
};

/** The operations namespace's translator (its keys `kinds.*`, `message.*` and `refusal`). */
type Translate = { (key: never, values?: never): string; has: (key: never) => boolean };
/** The two namespaces an outcome is worded from: its own, and the payment service's refusals. */
export type OperationTranslators = { operations: Translate; paymentErrors: PaymentErrorsT };

/**
 * The operation's outcome as one sentence. A failure's reason: `why` when given, else the
 * explained refusal in the reader's language (errorKey), else the stored text as it is.
 */
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
