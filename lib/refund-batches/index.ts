export { queueBatch, sweepRefundBatches } from "./queue";
export { sendBatch } from "./send";
