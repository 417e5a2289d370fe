import { sectionLayout } from "@/components/section-messages";

// Checked here, above this section's skeleton, so that a refusal is a real 403 before anything renders.
export default sectionLayout("reconciliation.read", ["common", "reconciliation", "statuses", "validation"]);
