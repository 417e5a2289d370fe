import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("refunds.approve", [
  "common",
  "approvals",
  "operations",
  "paymentErrors",
  "refundBatches",
  "statuses",
  "transactions",
  "validation",
]);
