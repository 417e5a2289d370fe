import { ConsoleIntlProvider } from "@/components/intl-provider";
import type { Namespace } from "@/lib/platform/i18n/namespaces";
import { getPreferences, messagesOf } from "@/lib/platform/i18n/server";
import { requirePageUser } from "@/lib/platform/auth/session";
import type { Permission } from "@/lib/platform/auth/permissions";

/**
 * The catalog's parts a section's pages read in the browser, given by the section's layout. Its
 * provider replaces the frame's for the section's pages (no code of its own in the browser: a
 * provider merging the two put /users over the first-load budget), so it lists every namespace
 * they read, `common` included. scripts/section-messages.test.ts walks each page's components and
 * fails on a namespace read and not given, or given and not read.
 *
 * With a permission (or "signed-in": anyone, their own), the section's layout checks it first:
 * above the section's loading.tsx, so that a refusal is a real 403 (and a redirect a real
 * redirect) before any skeleton streams; each page checks again.
 */
export async function SectionMessages({
  permission,
  namespaces,
  children,
}: {
  permission?: Permission | "signed-in";
  namespaces: Namespace[];
  children: React.ReactNode;
}) {
  if (permission) await requirePageUser(permission === "signed-in" ? undefined : permission);
  const { locale, timeZone } = await getPreferences();
  return (
    <ConsoleIntlProvider locale={locale} timeZone={timeZone} messages={messagesOf(locale, namespaces)}>
      {children}
    </ConsoleIntlProvider>
  );
}

/** A section's layout: its permission checked, its namespaces given (`export default sectionLayout(…)`). */
export function sectionLayout(permission: Permission | "signed-in", namespaces: Namespace[]) {
  return function SectionLayout({ children }: { children: React.ReactNode }) {
    return (
      <SectionMessages permission={permission} namespaces={namespaces}>
        {children}
      </SectionMessages>
    );
  };
}
