import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("reports.read", ["common", "reports"]);
