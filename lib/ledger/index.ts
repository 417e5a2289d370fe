export { applyChargebackStatus } from "./chargebacks";
export { consoleEvent } from "./event-line";
export { fillHeardCharges } from "./fill-heard";
export { listTransactions } from "./query";
export { lockKnown, recordTransaction } from "./record";
export { REPORT_BUCKETS, foldReportBuckets } from "./report-buckets";
export { foldRollup } from "./rollup";
export { importTransaction } from "./service";
export {
  addEvent,
  event,
  insertRefund,
  raiseRefunded,
  setCnyAmount,
  setCnyAmountSql,
  setRefunded,
  setStatus,
  upsertRow,
  writeCharges,
  type ChargeEvent,
  type ChargeInsert,
  type ChargeUpdate,
} from "./writer";
