import Link from "next/link";
import { redirect } from "next/navigation";
import { isUnstorable } from "@/lib/platform/http/storable";
import { requirePageUser } from "@/lib/platform/auth/session";
import { resolveKey } from "@/lib/search/resolve";
import { getPreferences, getTranslations, titled } from "@/lib/platform/i18n/server";
import { Card } from "@/components/ui/card";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("search", "title");

// One match goes straight to its page; several are listed; none says so.
export default async function SearchPage({ searchParams }: PageSearch) {
  const user = await requirePageUser();
  const raw = (await searchParams).q;
  // 128 characters, not UTF-16 units: a cut through an emoji would leave half of it.
  const q = typeof raw === "string" ? Array.from(raw.trim()).slice(0, 128).join("") : "";
  // A NUL or broken Unicode cannot be looked for (the database refuses it); emoji or punctuation
  // alone name nothing a search could find (no letter or digit to match).
  const unstorable = isUnstorable(q);
  const searchable = !unstorable && /[\p{L}\p{N}]/u.test(q);
  const hits = searchable ? await resolveKey(q, user, await getPreferences()) : [];
  if (hits.length === 1) redirect(hits[0]!.href);
  const t = await getTranslations("search");
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      {typeof raw === "string" && !searchable && (
        <Card as="p" padding={6} className="text-slate-600" data-testid="no-results">
          {unstorable ? t("unstorable") : q ? t("noText", { q }) : t("blank")}
        </Card>
      )}
      {!q ? (
        <p className="text-slate-600">
          {t.rich("help", { kbd: (chunks) => <kbd className="rounded border px-1">{chunks}</kbd> })}
        </p>
      ) : !searchable ? null : hits.length === 0 ? (
        <Card as="p" padding={6} className="text-slate-600" data-testid="no-results">
          {t("none", { q })}
        </Card>
      ) : (
        <Card as="ul" padding={0} className="divide-y divide-slate-100" data-testid="results">
          {hits.map((h) => (
            <li key={h.href + h.label} className="px-4 py-3">
              <Link href={h.href} className="text-brand-600 hover:underline">
                {h.label}
              </Link>
            </li>
          ))}
        </Card>
      )}
    </div>
  );
}
