// Plain values for the browser too (the operations list's filter): no zod here.
export const OPERATION_STATUSES = [
  "pending_approval",
  "rejected",
  "pending",
  "succeeded",
  "failed",
  "unknown",
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
