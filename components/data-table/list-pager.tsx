"use client";

import type { MouseEvent, ReactNode } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";

/** A list's address with its canonical query (lib/platform/api/list-state.ts `search`). */
export const listHref = (path: string, search: string) => (search ? `${path}?${search}` : path);

/**
 * Under a keyset-paged list: "Newest" back to the first page when this is an older one, "Older →"
 * on to the rows after this page's last. Real links (a full load, a new tab, a copied address
 * work), followed in place through the list's URL state so the browser fetches the page.
 */
export function ListPager({
  older,
  next,
  hrefOf,
  onPage,
  olderLabel,
  firstLabel,
}: {
  /** This is an older page. */
  older: boolean;
  /** The next page's cursor; null on the last page. */
  next: string | null;
  /** The list's address at a cursor (null: the newest page), its filters kept. */
  hrefOf: (cursor: string | null) => string;
  onPage: (cursor: string | null) => void;
  olderLabel?: string;
  /** The way back to the first page, when "Newest" is not what it is (a batch's rows). */
  firstLabel?: string;
}) {
  const t = useTranslations("common");
  if (!older && !next) return null;
  const follow = (cursor: string | null) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPage(cursor);
  };
  return (
    <nav className="flex items-center gap-4 text-sm" aria-label={t("pager.label")} data-testid="pager">
      {older && (
        <a href={hrefOf(null)} onClick={follow(null)} className="text-brand-600 hover:underline">
          {firstLabel ?? t("pager.newest")}
        </a>
      )}
      {next && (
        <a
          href={hrefOf(next)}
          onClick={follow(next)}
          className="text-brand-600 hover:underline"
          data-testid="pager-older"
        >
          {olderLabel ?? t("pager.older")}
        </a>
      )}
    </nav>
  );
}

/** A list's CSV export of what is filtered: a plain download link beside its heading. */
export function ExportLink({ href, testId, children }: { href: string; testId: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
      data-testid={testId}
    >
      {children}
    </a>
  );
}
