import { requirePageUser } from "@/lib/platform/auth/session";
import { SectionMessages } from "@/components/section-messages";

// Checked here, above this section's loading.tsx, so that an anonymous visit is a real
// redirect before any skeleton streams; the page checks again. Anyone signed in: their own.
export default async function NotificationsLayout({ children }: { children: React.ReactNode }) {
  await requirePageUser();
  return <SectionMessages namespaces={["common", "notifications", "validation"]}>{children}</SectionMessages>;
}
