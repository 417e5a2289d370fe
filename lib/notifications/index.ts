export { chatChannelsSchema } from "./answers";
export { assertDestination, removeChatChannel, setChatChannel, type ChatChannelInput } from "./chat-channels";
export { attemptData, claimedRow, reasonOf, type Claimed } from "./claim";
export { drainMail } from "./deliver";
export { gatherDigests } from "./digest";
export {
  chargebackChanged,
  chargebackConflict,
  chargebackUntied,
  customsBulkFinished,
  customsRejected,
  operationUnknown,
  paymentLinkEnded,
} from "./events-ops";
export { credentialsExpiring, signInNewAddress, tellMfaReset, webhooksFailing } from "./events-security";
export { changeAwaiting, changeClosed, refundAwaiting, refundDecided, roleChanged } from "./events";
export type { ChatTeam } from "./kinds";
export { startMailer } from "./mailer-loop";
export { DIGEST_MINUTE, addDays, localTime } from "./modes";
export { notificationWrites, notify, notifySql, type NotificationEvent } from "./outbox";
export { htmlOfText } from "./render";
export { chatChannelSchema } from "./schemas";
