import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { requirePageUser } from "@/lib/auth/session";
import { resolveKey } from "@/lib/search/resolve";

export const metadata: Metadata = { title: "Search" };

// One match goes straight to its page; several are listed; none says so.
export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser();
  const raw = (await searchParams).q;
  const q = typeof raw === "string" ? raw.trim().slice(0, 128) : "";
  const hits = await resolveKey(q, user.role);
  if (hits.length === 1) redirect(hits[0]!.href);
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold">Search</h1>
      {!q ? (
        <p className="text-slate-600">
          Type a transaction id, part of a reference, consumer reference or customer email, a card&apos;s last four, an
          amount such as 12.50, part of a customs order number, a declare number, a sub-order number or a vault token in
          the box above (press <kbd className="rounded border px-1">/</kbd>).
        </p>
      ) : hits.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600" data-testid="no-results">
          Nothing you can open matches “{q}”. Parts of references and emails need at least three characters; a card is
          found by its last four digits, an amount as it is written (12.50).
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" data-testid="results">
          {hits.map((h) => (
            <li key={h.href + h.label} className="px-4 py-3">
              <Link href={h.href} className="text-brand-600 hover:underline">
                {h.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
