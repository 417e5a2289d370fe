import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("vault.read", ["common", "statuses", "validation", "vault"]);
