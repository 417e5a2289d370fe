import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("transactions.read", ["common", "operations", "paymentErrors", "statuses", "validation"]);
