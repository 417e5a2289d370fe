import { requirePageUser } from "@/lib/platform/auth/session";
import { SectionMessages } from "@/components/section-messages";

// Checked here, above this section's pages, so that a refusal is a real 403 before anything
// renders; each page checks again (making a batch needs money.move).
export default async function RefundBatchesLayout({ children }: { children: React.ReactNode }) {
  await requirePageUser("transactions.read");
  return (
    <SectionMessages namespaces={["common", "operations", "refundBatches", "validation"]}>{children}</SectionMessages>
  );
}
