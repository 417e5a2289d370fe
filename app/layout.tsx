import type { Metadata } from "next";
import { headers } from "next/headers";
import { ConsoleIntlProvider } from "@/components/intl-provider";
import { getCurrentUser } from "@/lib/platform/auth/session";
import { FRAME_NAMESPACES } from "@/lib/platform/i18n/namespaces";
import { getPreferences, getTranslations, messagesOf } from "@/lib/platform/i18n/server";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shell");
  const product = t("metadata.title");
  return {
    title: { default: product, template: `%s · ${product}` },
    description: t("metadata.description"),
    // Files in public/; proxy.ts lets them through without a session (the sign-in page shows them too).
    icons: {
      icon: [
        { url: "/favicon.ico", sizes: "32x32" },
        { url: "/icon.svg", type: "image/svg+xml" },
      ],
      apple: "/apple-touch-icon.png",
    },
  };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request: its scripts must carry this request's CSP nonce
  // (proxy.ts), which a prerendered page could not.
  await headers();
  const [{ locale, timeZone }, user] = await Promise.all([getPreferences(), getCurrentUser()]);
  // The person's theme (the header's switch); signed out, or not chosen: the system's.
  return (
    <html lang={locale} data-theme={user?.theme ?? "system"}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <ConsoleIntlProvider locale={locale} timeZone={timeZone} messages={messagesOf(locale, FRAME_NAMESPACES)}>
          {children}
        </ConsoleIntlProvider>
      </body>
    </html>
  );
}
