"use client";

import { type ReactNode, useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useTranslations } from "@/lib/platform/i18n/client";
import { nextTheme, type Theme } from "@/lib/platform/theme";

const ICONS: Record<Theme, ReactNode> = {
  // A half-filled circle: as the system says.
  system: <path d="M12 3a9 9 0 1 0 0 18V3z" fill="currentColor" />,
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  dark: <path d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z" />,
};

/**
 * The header's theme switch: system → light → dark. The page changes at once (<html
 * data-theme>), and the choice is kept on the person's user, so every device they sign in on
 * opens in it. A choice the server did not keep is still shown on this page: it is how it looks.
 */
export function ThemeSwitch({ initial }: { initial: Theme }) {
  const t = useTranslations("shell.theme");
  const [theme, setTheme] = useState<Theme>(initial);
  const ready = useHydrated();
  const choose = () => {
    const next = nextTheme(theme);
    setTheme(next);
    document.documentElement.dataset.theme = next;
    apiFetch("/api/account/theme", { method: "PUT", json: { theme: next } }).catch(() => undefined);
  };
  return (
    <button
      type="button"
      onClick={choose}
      disabled={!ready}
      data-testid="theme-switch"
      data-theme-choice={theme}
      title={t("title", { theme: t(theme) })}
      className="inline-flex size-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <span className="sr-only">{t("title", { theme: t(theme) })}</span>
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        {ICONS[theme]}
      </svg>
    </button>
  );
}
