export { chatChannelsSchema } from "./answers";
export {
  chargebackChanged,
  chargebackConflict,
  chargebackUntied,
  customsBulkFinished,
  customsRejected,
  operationUnknown,
  paymentLinkEnded,
} from "./events-ops";
export type { ChatTeam } from "./kinds";
export { DIGEST_MINUTE, addDays, localTime } from "./modes";
export { chatChannelSchema } from "./schemas";
