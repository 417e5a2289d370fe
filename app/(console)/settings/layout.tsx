import { requirePageUser } from "@/lib/platform/auth/session";
import { SectionMessages } from "@/components/section-messages";

// Checked here, above this section's loading.tsx, so that a refusal is a real 403 (and a
// redirect a real redirect) before any skeleton streams; each page checks again.
export default async function SettingsLayout({ children }: { children: React.ReactNode }) {
  await requirePageUser("settings.manage");
  return (
    <SectionMessages namespaces={["common", "customs", "reconciliation", "settings", "statuses", "validation"]}>
      {children}
    </SectionMessages>
  );
}
