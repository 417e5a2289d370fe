import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("transactions.read", ["common", "customers", "statuses", "transactions", "validation"]);
