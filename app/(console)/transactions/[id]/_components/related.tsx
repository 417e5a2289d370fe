import type { TransactionDetail } from "@/lib/ledger/service";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { getFormat, getPreferences, getTranslations } from "@/lib/platform/i18n/server";
import { eventLineFor } from "@/lib/ledger/event-line";
import { labelOr } from "@/lib/ledger/status-label";
import { Card, CardTitle } from "@/components/ui/card";
import { ScrollCard } from "@/components/ui/scroll-card";
import { StaticTable } from "@/components/data-table/static-table";
import { TransactionLink } from "@/components/records/ledger/transaction-link";

/** The captures and refunds recorded under a charge. */
export async function ChildTransactions({ items }: { items: TransactionDetail["children"] }) {
  if (items.length === 0) return null;
  const [t, tx, f] = await Promise.all([
    getTranslations("transactions.related"),
    getTranslations("transactions"),
    getFormat(),
  ]);
  return (
    <ScrollCard label={t("children")}>
      <CardTitle>{t("children")}</CardTitle>
      <StaticTable
        testId="children"
        rows={items}
        rowKey={(c) => c.id}
        columns={[
          { header: t("type"), className: "capitalize", cell: (c) => labelOr(tx, `types.${c.type}`, c.type) },
          { header: t("id"), cell: (c) => <TransactionLink id={c.id} /> },
          { header: t("reference"), cell: (c) => c.reference },
          { header: t("status"), cell: (c) => <StatusBadge status={c.status} /> },
          { header: t("amount"), numeric: true, cell: (c) => f.money(c.amount, c.currency) },
          { header: t("created"), numeric: true, className: "text-slate-600", cell: (c) => f.dateTime(c.timeCreated) },
        ]}
      />
    </ScrollCard>
  );
}

/** What happened to the transaction, and the service's last answer (card data already scrubbed). */
export async function Timeline({ t }: { t: TransactionDetail }) {
  const [tr, f, prefs] = await Promise.all([getTranslations("transactions.related"), getFormat(), getPreferences()]);
  const line = eventLineFor(prefs);
  return (
    <>
      <Card>
        <CardTitle>{tr("timeline")}</CardTitle>
        {t.events.length === 0 && <p className="mt-2 text-sm text-slate-600">{tr("timelineEmpty")}</p>}
        <ol className="mt-2 space-y-2 text-sm" data-testid="timeline">
          {t.events.map((e) => (
            <li key={e.id} className="flex flex-wrap gap-x-3 gap-y-0.5">
              <span className="w-48 shrink-0 text-slate-600">{f.dateTime(e.at)}</span>
              <span className="rounded bg-slate-100 px-1.5 text-xs leading-5 text-slate-700">
                {labelOr(tr, `sources.${e.kind}`, e.kind)}
              </span>
              {/* On a phone the line moves under its time rather than past the screen's edge. */}
              <span className="min-w-0 break-words">{e.text ? line(e.text, e.summary) : e.summary}</span>
            </li>
          ))}
        </ol>
      </Card>

      <Card as="details">
        <summary className="cursor-pointer font-semibold">{tr("payload")}</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1). */}
        <pre tabIndex={0} className="mt-3 max-h-96 overflow-auto rounded bg-slate-50 p-3 text-xs" data-testid="payload">
          {JSON.stringify(t.payload, null, 2)}
        </pre>
      </Card>
    </>
  );
}
