export const SORTS = ["time", "amount"] as const;
export const TYPES = ["charge", "capture", "refund", "cancel"] as const;
export const STATUSES = ["initiated", "authorized", "pending", "succeeded", "canceled"] as const;
// The ledger filters by the payment API's methods: one list, kept with the API's words.
export { METHODS } from "@/lib/upi/shared";
