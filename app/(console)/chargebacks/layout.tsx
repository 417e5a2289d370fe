import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("chargebacks.read", ["common", "chargebacks", "statuses", "validation"]);
