import { requirePageUser } from "@/lib/platform/auth/session";
import { SectionMessages } from "@/components/section-messages";

// Checked here, above this section's skeleton, so that a refusal is a real 403 before anything renders.
export default async function ReconciliationLayout({ children }: { children: React.ReactNode }) {
  await requirePageUser("reconciliation.read");
  return (
    <SectionMessages namespaces={["common", "reconciliation", "statuses", "validation"]}>{children}</SectionMessages>
  );
}
