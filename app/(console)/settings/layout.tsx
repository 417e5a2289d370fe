import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("settings.manage", ["common", "customs", "settings", "statuses", "validation"]);
