export { BUSINESS_TYPES, ID_TYPES, PAYMENT_TYPES, VENDORS } from "./constants";
export type { CnyReason, InquireProblem } from "./explain";
export type { DeclareRequest } from "./schemas";
