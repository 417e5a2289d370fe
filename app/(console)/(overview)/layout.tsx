import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("overview.read", ["common", "chargebacks", "customs", "overview"]);
