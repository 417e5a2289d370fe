import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("users.manage", ["common", "users", "validation"]);
