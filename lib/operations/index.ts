export { refundNeedsApproval, type ApprovalRules } from "./approval-rule";
export { REFUND_REASONS, type RefundReason } from "./labels";
export { reconcileOperation, sweepOperations } from "./reconcile";
export { remindUnknownOperations } from "./remind-unknown";
export { requestRefund } from "./request";
export { scheduleReconcile } from "./schedule";
export { settleRefundHeard } from "./settle-heard";
