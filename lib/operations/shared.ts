export { refundNeedsApproval, type ApprovalRules } from "./approval-rule";
export { REFUND_REASONS, type RefundReason } from "./labels";
