import { sectionLayout } from "@/components/section-messages";

// Checked here, above this section's pages, so that a refusal is a real 403 before anything
// renders; each page checks again (making a batch needs money.move).
export default sectionLayout("transactions.read", ["common", "operations", "refundBatches", "validation"]);
