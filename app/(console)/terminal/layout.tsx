import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("charges.create", [
  "common",
  "paymentLinks",
  "statuses",
  "terminal",
  "transactions",
  "validation",
]);
