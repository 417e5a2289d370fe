export { applyChargebackStatus } from "./chargebacks";
export { consoleEvent, type EventRow } from "./event-line";
export { said, type EventText } from "./event-text";
export { fillHeardCharges } from "./fill-heard";
export { transactionFilterSchema } from "./filters";
export { FINAL_RANK, mayHold, moveForward, statusRank, type Known } from "./forward";
export { MULTI_CAPTURE_OPEN_SQL } from "./multi-capture";
export { listTransactions } from "./query";
export { known, lockKnown, lockRow, lockRows, recordTransaction, type LockedRow } from "./record";
export { REPORT_BUCKETS, foldReportBuckets } from "./report-buckets";
export { foldRollup } from "./rollup";
export { maskPan, scrubCardData } from "./scrub";
export { MIN_FRAGMENT, lastFourOf } from "./search";
export { importTransaction } from "./service";
export { statusLabelWith } from "./status-label";
export {
  addEvent,
  event,
  insertRefund,
  raiseRefunded,
  setCnyAmount,
  setRefunded,
  setStatus,
  upsertRow,
  type LedgerRow,
  writeCharges,
  type ChargeEvent,
  type ChargeInsert,
  type ChargeUpdate,
} from "./writer";
