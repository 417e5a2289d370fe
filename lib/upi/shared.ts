export {
  AT_RISK_STATUSES,
  CHARGEBACK_STATUSES,
  chargebackStatus,
  statusRank,
  type ChargebackStatus,
} from "./chargeback-statuses";
export {
  CARD_REFUSALS,
  isRefusalKey,
  paymentErrorWords,
  refusalSentence,
  type PaymentErrorKey,
  type PaymentErrorsT,
} from "./codes";
export { UPI_ERRORS, UpiError, auditReason, explainedCode, mayHaveHappened } from "./errors";
export { merchantReferenceSchema, transactionIdSchema } from "./ids";
export { CHARGE_METHODS, METHODS } from "./methods";
export { chargeSchema } from "./schemas/charges";
export { installmentSchema, promotionSchema } from "./schemas/consults";
export type { Charge, ChargeRequest, Inquired, Transaction, VaultToken } from "./schemas";
export { captureSchema, chargebackSchema, refundSchema } from "./schemas/operations";
export type { VaultAddRequest } from "./schemas/vault";
export { parseApiTime } from "./time";
