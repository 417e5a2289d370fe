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
export { merchantReferenceSchema, transactionIdSchema } from "./ids";
export { CHARGE_METHODS, METHODS } from "./methods";
