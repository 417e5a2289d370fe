import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("signed-in", ["common", "notifications", "validation"]);
