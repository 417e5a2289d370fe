import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("audit.read", ["common", "audit", "validation"]);
