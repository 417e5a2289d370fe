import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("customs.read", ["common", "customs", "errors", "validation"]);
