export { dailyRun, queueRun, sweepReconciliation } from "./queue";
export { runSlice, secondsToNext } from "./run";
