export { said, type EventText } from "./event-text";
export { transactionFilterSchema } from "./filters";
export { FINAL_RANK, mayHold, moveForward, statusRank, type Known } from "./forward";
export { MULTI_CAPTURE_OPEN_SQL } from "./multi-capture";
export { maskPan, scrubCardData } from "./scrub";
export { MIN_FRAGMENT, lastFourOf } from "./search";
export { statusLabelWith } from "./status-label";
