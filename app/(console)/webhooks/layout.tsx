import { sectionLayout } from "@/components/section-messages";

export default sectionLayout("webhooks.read", ["common", "statuses", "validation", "webhooks"]);
