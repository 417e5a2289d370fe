import Link from "next/link";
import { BrandMark } from "@/components/shell/brand-mark";
import { pendingAccountStep, requirePageUser } from "@/lib/platform/auth/session";
import { ROLE_LABELS } from "@/lib/platform/auth/permissions";
import { navFor } from "@/lib/nav";
import { NavLinks } from "@/components/shell/nav-links";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { Providers } from "@/components/providers";
import { SearchBox } from "@/components/shell/search-box";
import { getPreferences, getTranslations } from "@/lib/platform/i18n/server";
import { zoneName } from "@/lib/platform/i18n/format";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  // Each page checks its own permission and sends an incomplete account (new password,
  // second factor) to the account pages; the frame itself opens for those pages too.
  const user = await requirePageUser(undefined, { incomplete: true });
  const complete = pendingAccountStep(user) === null;
  const [t, tc, prefs] = await Promise.all([getTranslations("shell"), getTranslations("common"), getPreferences()]);
  return (
    <div className="flex min-h-screen flex-col">
      {/* The first stop of the keyboard: past the header and the navigation to the page itself. */}
      <a
        href="#content"
        className="sr-only rounded-md bg-white text-sm font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-3"
      >
        {t("skipToContent")}
      </a>
      <header className="flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4">
        <div className="flex items-center gap-2">
          <BrandMark className="h-7 w-7" />
          <span className="font-semibold">{t("productName")}</span>
        </div>
        {complete ? <SearchBox label={t("search.label")} placeholder={t("search.placeholder")} /> : <div />}
        <div className="flex items-center gap-3 text-sm">
          <span data-testid="current-user" className="text-slate-700">
            {user.name}
          </span>
          <span
            data-testid="current-role"
            className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
          >
            {tc(ROLE_LABELS[user.role])}
          </span>
          <Link
            href="/account/security"
            className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            {t("account")}
          </Link>
          <Link
            href="/account/preferences"
            data-testid="header-preferences"
            className="rounded-md px-2 py-1 whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <span className="sr-only">{t("preferences")} </span>
            {t("preferencesShort", { zone: zoneName(prefs.timeZone) })}
          </Link>
          <SignOutButton label={t("signOut")} />
        </div>
      </header>
      <div className="flex flex-1">
        <aside className="w-44 shrink-0 border-r border-slate-200 bg-white p-2 xl:w-52 xl:p-3">
          <NavLinks
            label={t("navLabel")}
            items={complete ? navFor(user.role).map(({ href, label }) => ({ href, label: t(label) })) : []}
          />
        </aside>
        <main id="content" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none xl:p-6">
          <Providers>{children}</Providers>
        </main>
      </div>
    </div>
  );
}
