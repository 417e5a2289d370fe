import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import type { CustomerView } from "@/lib/customers/view";
import { StatusBadge } from "@/components/status-badge";

function Records({
  title,
  testId,
  empty,
  headers,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  headers: string[];
  children: React.ReactNode;
}) {
  return (
    <section className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      {empty ? (
        <p className="mt-1 text-sm text-slate-500">None.</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {headers.map((h) => (
                <th key={h} className="py-1.5 pr-4 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
    </section>
  );
}

const tx = (id: string) => `/transactions/${encodeURIComponent(id)}`;
const cell = "py-1.5 pr-4";

/** The consumer's records, one section per kind; a kind the role may not read is not shown at all. */
export function CustomerRecords({ c }: { c: CustomerView }) {
  return (
    <>
      <Records
        title="Charges"
        testId="customer-charges"
        empty={c.charges.length === 0}
        headers={["Charge", "Amount", "Status", "Paid with", "Created"]}
      >
        {c.charges.map((t) => (
          <tr key={t.id} className="border-t border-slate-100" data-testid="customer-charge">
            <td className={cell}>
              <Link className="font-mono text-xs text-brand-600 hover:underline" href={tx(t.id)}>
                {t.id}
              </Link>
              <div className="text-xs text-slate-500">{t.reference}</div>
            </td>
            <td className={`${cell} tabular-nums`}>{formatMoney(t.amount, t.currency)}</td>
            <td className={cell}>
              <StatusBadge status={t.status} />
            </td>
            <td className={cell}>
              {t.method ?? "—"} <span className="font-mono text-xs">{t.panMasked}</span>
            </td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(t.timeCreated)}</td>
          </tr>
        ))}
      </Records>
      <Records
        title="Refunds"
        testId="customer-refunds"
        empty={c.refunds.length === 0}
        headers={["Refund", "Of charge", "Amount", "Status", "Created"]}
      >
        {c.refunds.map((r) => (
          <tr key={r.id} className="border-t border-slate-100" data-testid="customer-refund">
            <td className={`${cell} font-mono text-xs`}>{r.id}</td>
            <td className={cell}>
              {r.parentId && (
                <Link className="font-mono text-xs text-brand-600 hover:underline" href={tx(r.parentId)}>
                  {r.parentId}
                </Link>
              )}
            </td>
            <td className={`${cell} tabular-nums`}>{formatMoney(r.amount, r.currency)}</td>
            <td className={cell}>
              <StatusBadge status={r.status} />
            </td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(r.timeCreated)}</td>
          </tr>
        ))}
      </Records>
      {c.chargebacks && (
        <Records
          title="Chargebacks"
          testId="customer-chargebacks"
          empty={c.chargebacks.length === 0}
          headers={["Case", "Charge", "Amount", "Status", "Opened"]}
        >
          {c.chargebacks.map((b) => (
            <tr key={b.id} className="border-t border-slate-100" data-testid="customer-chargeback">
              <td className={cell}>
                <Link className="font-mono text-xs text-brand-600 hover:underline" href={b.href}>
                  {b.id}
                </Link>
              </td>
              <td className={`${cell} font-mono text-xs`}>{b.chargeId}</td>
              <td className={`${cell} tabular-nums`}>{formatMoney(b.amount, b.currency)}</td>
              <td className={cell}>
                <StatusBadge status={b.status} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>{formatDateTime(b.openedAt)}</td>
            </tr>
          ))}
        </Records>
      )}
      {c.cards && (
        <Records
          title="Stored cards"
          testId="customer-cards"
          empty={c.cards.length === 0}
          headers={["Card", "Expiry", "Status", "Token"]}
        >
          {c.cards.map((v) => (
            <tr key={v.token} className="border-t border-slate-100" data-testid="customer-card">
              <td className={cell}>
                {v.brand ?? v.method ?? "card"} <span className="font-mono text-xs">{v.panMasked}</span>
              </td>
              <td className={cell}>{v.expiry ?? "—"}</td>
              <td className={cell}>{v.status}</td>
              <td className={cell}>
                <Link
                  className="font-mono text-xs text-brand-600 hover:underline"
                  href={`/vault/${encodeURIComponent(v.token)}`}
                >
                  {v.token}
                </Link>
              </td>
            </tr>
          ))}
        </Records>
      )}
      {c.declarations && (
        <Records
          title="Customs declarations"
          testId="customer-declarations"
          empty={c.declarations.length === 0}
          headers={["Declaration", "Vendor", "Location", "Sub-orders", "Created"]}
        >
          {c.declarations.map((d) => (
            <tr key={d.id} className="border-t border-slate-100" data-testid="customer-declaration">
              <td className={cell}>
                <Link className="text-brand-600 hover:underline" href={`/customs/${d.id}`}>
                  {d.reference}
                </Link>
              </td>
              <td className={cell}>{d.vendor}</td>
              <td className={cell}>{d.customsLocation}</td>
              <td className={cell}>
                {d.subOrders} · {d.states.join(", ")}
              </td>
              <td className={`${cell} whitespace-nowrap`}>{formatDateTime(d.createdAt)}</td>
            </tr>
          ))}
        </Records>
      )}
    </>
  );
}
