import Link from "next/link";
import type { TransactionDetail } from "@/lib/ledger/service";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "@/lib/format";
import { StatusBadge } from "@/components/status-badge";

const th = "py-1.5 text-left text-xs font-medium uppercase tracking-wide text-slate-600";

/** The captures and refunds recorded under a charge. */
export function ChildTransactions({ items }: { items: TransactionDetail["children"] }) {
  if (items.length === 0) return null;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">Captures and refunds</h2>
      <table className="mt-2 w-full text-sm" data-testid="children">
        <thead>
          <tr>
            <th className={th}>Type</th>
            <th className={th}>Id</th>
            <th className={th}>Reference</th>
            <th className={th}>Status</th>
            <th className={`${th} text-right`}>Amount</th>
            <th className={`${th} text-right`}>Created</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id} className="border-t border-slate-100">
              <td className="py-1.5 capitalize">{c.type}</td>
              <td>
                <Link
                  href={`/transactions/${encodeURIComponent(c.id)}`}
                  className="font-mono text-xs text-brand-700 hover:underline"
                >
                  {c.id}
                </Link>
              </td>
              <td>{c.reference}</td>
              <td>
                <StatusBadge status={c.status} />
              </td>
              <td className="text-right tabular-nums">{formatMoney(c.amount, c.currency)}</td>
              <td className="text-right text-slate-600">{formatDateTime(c.timeCreated)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** What happened to the transaction, and the service's last answer (card data already scrubbed). */
export function Timeline({ t }: { t: TransactionDetail }) {
  return (
    <>
      <section className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="font-semibold">Timeline</h2>
        <ol className="mt-2 space-y-2 text-sm" data-testid="timeline">
          {t.events.map((e) => (
            <li key={e.id} className="flex gap-3">
              <span className="w-44 shrink-0 text-slate-600">{formatDateTime(e.at)}</span>
              <span className="rounded bg-slate-100 px-1.5 text-xs leading-5 text-slate-700">{e.kind}</span>
              <span>{e.summary}</span>
            </li>
          ))}
        </ol>
      </section>

      <details className="rounded-xl border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer font-semibold">Last payload from the payment service</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1). */}
        <pre tabIndex={0} className="mt-3 max-h-96 overflow-auto rounded bg-slate-50 p-3 text-xs" data-testid="payload">
          {JSON.stringify(t.payload, null, 2)}
        </pre>
      </details>
    </>
  );
}
