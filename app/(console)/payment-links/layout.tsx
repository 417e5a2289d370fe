import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("charges.create", [
  "common",
  "operations",
  "paymentLinks",
  "statuses",
  "transactions",
  "validation",
]);
