import { SectionIntlProvider } from "@/components/intl-provider";
import type { Namespace } from "@/lib/platform/i18n/namespaces";
import { getPreferences, messagesOf } from "@/lib/platform/i18n/server";

/**
 * The catalog's parts a section's pages read in the browser, given by the section's layout
 * (the frame's come from the root layout). scripts/section-messages.test.ts walks each page's
 * components and fails on a namespace read and not given, or given and not read.
 */
export async function SectionMessages({
  namespaces,
  children,
}: {
  namespaces: Namespace[];
  children: React.ReactNode;
}) {
  const { locale } = await getPreferences();
  return <SectionIntlProvider messages={messagesOf(locale, namespaces)}>{children}</SectionIntlProvider>;
}
