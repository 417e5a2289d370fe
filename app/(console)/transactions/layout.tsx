import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("transactions.read", [
  "common",
  "operations",
  "paymentErrors",
  "paymentLinks",
  "refundBatches",
  "statuses",
  "terminal",
  "transactions",
  "validation",
]);
