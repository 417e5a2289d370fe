import type { Operation, OperationKind } from "@/lib/generated/prisma/client";

// What people read about an operation, shared by the pages, the forms and the services.

export const KIND_LABEL: Record<OperationKind, string> = { capture: "Capture", refund: "Refund", cancel: "Cancel" };

/** What staff may give as the reason for a refund; the label is sent to the API as `note`. */
export const REFUND_REASONS = {
  consumer_requested: "Consumer requested",
  inventory_issue: "Inventory issue",
  product_issue: "Product issue",
  fraud: "Fraud",
  other: "Other",
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;

/** The reason as the API's note: the catalog label, and the free text after it. */
export function reasonText(op: Pick<Operation, "reason" | "note">) {
  if (!op.reason) return op.note;
  const label = REFUND_REASONS[op.reason as keyof typeof REFUND_REASONS] ?? op.reason;
  return op.note ? `${label}: ${op.note}` : label;
}
