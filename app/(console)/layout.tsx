import Link from "next/link";
import { BrandMark } from "@/components/shell/brand-mark";
import { type CurrentUser, pendingAccountStep, requirePageUser } from "@/lib/platform/auth/session";
import { isPreset, NO_ACCESS, ROLE_LABELS } from "@/lib/platform/auth/permissions";
import { navFor } from "@/lib/nav";
import { NavLinks } from "@/components/shell/nav-links";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { Providers } from "@/components/providers";
import { SearchBox } from "@/components/shell/search-box";
import { getPreferences, getTranslations } from "@/lib/platform/i18n/server";
import type { Preferences } from "@/lib/platform/i18n/translator";
import { ShellMenu } from "@/components/shell/shell-menu";
import { HeadingFocus } from "@/components/shell/heading-focus";
import { ThemeSwitch } from "@/components/shell/theme-switch";
import { NotificationBell } from "@/components/workflows/notifications/notification-bell";
import { zoneName } from "@/lib/platform/i18n/format";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  // Each page checks its own permission and sends an incomplete account (new password,
  // second factor) to the account pages; the frame itself opens for those pages too.
  const user = await requirePageUser(undefined, { incomplete: true });
  const complete = pendingAccountStep(user) === null;
  const [t, prefs] = await Promise.all([getTranslations("shell"), getPreferences()]);
  const nav = complete ? navFor(user).map(({ href, label }) => ({ href, label: t(label) })) : [];
  return (
    <div className="flex min-h-screen flex-col">
      {/* The first stop of the keyboard: past the header and the navigation to the page itself. */}
      <a
        href="#content"
        className="sr-only rounded-md bg-white text-sm font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-3"
      >
        {t("skipToContent")}
      </a>
      <header className="relative flex h-14 items-center justify-between gap-2 border-b border-slate-200 bg-white px-3 sm:px-4">
        <div className="flex shrink-0 items-center gap-2">
          <BrandMark className="h-7 w-7 shrink-0" />
          <span className="hidden whitespace-nowrap font-semibold sm:inline" data-testid="product-name">
            {t("productName")}
          </span>
        </div>
        {complete ? (
          <div className="hidden md:block">
            <SearchBox label={t("search.label")} placeholder={t("search.placeholder")} />
          </div>
        ) : (
          <div />
        )}
        <div className="flex items-center gap-1 text-sm">
          <div className="hidden items-center gap-3 lg:flex">
            <AccountLinks user={user} prefs={prefs} />
          </div>
          {complete && <NotificationBell userId={user.id} grants={user} />}
          <ThemeSwitch initial={user.theme ?? "system"} />
          <div className="lg:hidden">
            <ShellMenu openLabel={t("menu.open")} closeLabel={t("menu.close")}>
              <div className="space-y-3">
                {complete && (
                  <div className="md:hidden">
                    <SearchBox label={t("search.label")} placeholder={t("search.placeholder")} />
                  </div>
                )}
                <NavLinks label={t("navLabel")} items={nav} />
                <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-3 text-sm">
                  <AccountLinks user={user} prefs={prefs} />
                </div>
              </div>
            </ShellMenu>
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-44 shrink-0 border-r border-slate-200 bg-white p-2 lg:block xl:w-52 xl:p-3">
          <NavLinks label={t("navLabel")} items={nav} />
        </aside>
        <main id="content" tabIndex={-1} className="min-w-0 flex-1 p-3 focus:outline-none sm:p-4 xl:p-6">
          <HeadingFocus />
          <Providers>{children}</Providers>
        </main>
      </div>
    </div>
  );
}

/** Who is signed in and their account's links: in the header from 1024 px, in the menu below. */
async function AccountLinks({ user, prefs }: { user: CurrentUser; prefs: Preferences }) {
  const [t, tc] = await Promise.all([getTranslations("shell"), getTranslations("common")]);
  return (
    <>
      {/* One line at 1024 px: a long name is cut (whole on hover and in the menu), never wrapping "Sign out". */}
      <span
        data-testid="current-user"
        title={user.name}
        className="max-w-48 truncate whitespace-nowrap text-slate-700 lg:max-w-32 xl:max-w-48"
      >
        {user.name}
      </span>
      <span
        data-testid="current-role"
        translate={isPreset(user.role) || user.role === NO_ACCESS ? undefined : "no"}
        className="whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
      >
        {isPreset(user.role)
          ? tc(ROLE_LABELS[user.role])
          : user.role === NO_ACCESS
            ? tc("roles.noAccess")
            : user.roleName}
      </span>
      <Link
        href="/account/security"
        className="rounded-md px-2 py-1 whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900"
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
    </>
  );
}
