// What staff may give as the reason for a refund; the label is sent to the API as `note`.
// Kept apart from the zod schemas so the refund form does not ship the validator.
export const REFUND_REASONS = {
  consumer_requested: "Consumer requested",
  inventory_issue: "Inventory issue",
  product_issue: "Product issue",
  fraud: "Fraud",
  other: "Other",
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;
