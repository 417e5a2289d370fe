export { getUpi, tokenManager } from "./configured";
export { issueAccessToken } from "./client";
export { UPI_ERRORS, UpiError, auditReason, explainedCode, mayHaveHappened } from "./errors";
export { chargeSchema } from "./schemas/charges";
export { installmentSchema, promotionSchema } from "./schemas/consults";
export type { Charge, ChargeRequest, Inquired, Transaction, VaultToken } from "./schemas";
export { captureSchema, chargebackSchema, refundSchema } from "./schemas/operations";
export type { VaultAddRequest } from "./schemas/vault";
export { parseApiTime } from "./time";
