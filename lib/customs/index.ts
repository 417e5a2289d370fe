export { getCustoms } from "./configured";
export { CustomsError, CUSTOMS_ERRORS } from "./errors";

export type { CnyReason, InquireProblem } from "./explain";
export type { DeclareRequest } from "./schemas";
