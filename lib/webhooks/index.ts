export { startApplyQueue, sweepNotifications } from "./apply-queue";
export { watchHealth } from "./health";
export { enforceWebhookRetention } from "./retention";
