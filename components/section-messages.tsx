import { ConsoleIntlProvider } from "@/components/intl-provider";
import type { Namespace } from "@/lib/platform/i18n/namespaces";
import { getPreferences, messagesOf } from "@/lib/platform/i18n/server";

/**
 * The catalog's parts a section's pages read in the browser, given by the section's layout. Its
 * provider replaces the frame's for the section's pages (no code of its own in the browser: a
 * provider merging the two put /users over the first-load budget), so it lists every namespace
 * they read, `common` included. scripts/section-messages.test.ts walks each page's components and
 * fails on a namespace read and not given, or given and not read.
 */
export async function SectionMessages({
  namespaces,
  children,
}: {
  namespaces: Namespace[];
  children: React.ReactNode;
}) {
  const { locale, timeZone } = await getPreferences();
  return (
    <ConsoleIntlProvider locale={locale} timeZone={timeZone} messages={messagesOf(locale, namespaces)}>
      {children}
    </ConsoleIntlProvider>
  );
}
