import Link from "next/link";
import type { CustomerView } from "@/lib/customers/view";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { getFormat, getTranslations } from "@/lib/platform/i18n/server";
import { type CustomsT, stateLabel } from "@/lib/customs/explain";
import { MethodName } from "@/components/payments/format";
import { StatusLabel } from "@/components/records/ledger/status-label";
import { ScrollCard } from "@/components/ui/scroll-card";
import { CardTitle } from "@/components/ui/card";
import { CardTable } from "@/components/ui/card-table";

async function Records({
  title,
  testId,
  empty,
  headers,
  footer,
  children,
}: {
  title: string;
  testId: string;
  empty: boolean;
  headers: string[];
  /** Under the table: that only the newest rows are shown, and where the rest are. */
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = await getTranslations("customers.records");
  return (
    <ScrollCard label={title} data-testid={testId}>
      <CardTitle>{title}</CardTitle>
      {empty ? (
        <p className="mt-1 text-sm text-slate-500">{t("none")}</p>
      ) : (
        <CardTable className="mt-2 w-full text-sm">
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
        </CardTable>
      )}
      {footer && <p className="mt-2 text-xs text-slate-500">{footer}</p>}
    </ScrollCard>
  );
}

const tx = (id: string) => `/transactions/${encodeURIComponent(id)}`;
const cell = "py-1.5 pr-4";

/**
 * The consumer's records, one section per kind; a kind the role may not read is not shown at
 * all. Each shows its newest rows; the charges link to all of them in the transactions list.
 */
export async function CustomerRecords({ c }: { c: CustomerView }) {
  const [t, tc, f] = await Promise.all([getTranslations("customers.records"), getTranslations("customs"), getFormat()]);
  const newest = (more: boolean, rows: number) => (more ? t("newest", { shown: f.number(rows) }) : undefined);
  const allCharges = `/transactions?${new URLSearchParams({ customer: c.reference, type: "charge" })}`;
  return (
    <>
      <Records
        title={t("charges")}
        testId="customer-charges"
        empty={c.charges.length === 0}
        headers={[t("charge"), t("amount"), t("status"), t("paidWith"), t("created")]}
        footer={
          c.chargeCount > 0 && (
            <>
              {c.chargeCount > c.charges.length &&
                `${t("newestOf", { shown: f.number(c.charges.length), total: f.number(c.chargeCount) })} `}
              <Link className="text-brand-600 hover:underline" href={allCharges} data-testid="customer-all-charges">
                {t("allCharges", { count: c.chargeCount })}
              </Link>
            </>
          )
        }
      >
        {c.charges.map((row) => (
          <tr key={row.id} className="border-t border-slate-100" data-testid="customer-charge">
            <td className={cell}>
              <Link className="font-mono text-xs text-brand-600 hover:underline" href={tx(row.id)}>
                {row.id}
              </Link>
              <div className="text-xs text-slate-500">{row.reference}</div>
            </td>
            <td className={`${cell} tabular-nums`}>{f.money(row.amount, row.currency)}</td>
            <td className={cell}>
              <StatusBadge status={row.status} />
            </td>
            <td className={cell}>
              <MethodName method={row.method} /> <span className="font-mono text-xs">{row.panMasked}</span>
            </td>
            <td className={`${cell} whitespace-nowrap`}>{f.dateTime(row.timeCreated)}</td>
          </tr>
        ))}
      </Records>
      <Records
        title={t("refunds")}
        testId="customer-refunds"
        empty={c.refunds.length === 0}
        headers={[t("refund"), t("ofCharge"), t("amount"), t("status"), t("created")]}
        footer={newest(c.more.refunds, c.refunds.length)}
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
            <td className={`${cell} tabular-nums`}>{f.money(r.amount, r.currency)}</td>
            <td className={cell}>
              <StatusBadge status={r.status} />
            </td>
            <td className={`${cell} whitespace-nowrap`}>{f.dateTime(r.timeCreated)}</td>
          </tr>
        ))}
      </Records>
      {c.chargebacks && (
        <Records
          title={t("chargebacks")}
          testId="customer-chargebacks"
          empty={c.chargebacks.length === 0}
          headers={[t("case"), t("charge"), t("amount"), t("status"), t("opened")]}
          footer={newest(c.more.chargebacks, c.chargebacks.length)}
        >
          {c.chargebacks.map((b) => (
            <tr key={b.id} className="border-t border-slate-100" data-testid="customer-chargeback">
              <td className={cell}>
                <Link className="font-mono text-xs text-brand-600 hover:underline" href={b.href}>
                  {b.id}
                </Link>
              </td>
              <td className={`${cell} font-mono text-xs`}>{b.chargeId}</td>
              <td className={`${cell} tabular-nums`}>{f.money(b.amount, b.currency)}</td>
              <td className={cell}>
                <StatusBadge status={b.status} />
              </td>
              <td className={`${cell} whitespace-nowrap`}>{f.dateTime(b.openedAt)}</td>
            </tr>
          ))}
        </Records>
      )}
      {c.cards && (
        <Records
          title={t("cards")}
          testId="customer-cards"
          empty={c.cards.length === 0}
          headers={[t("card"), t("expiry"), t("status"), t("token")]}
          footer={newest(c.more.cards, c.cards.length)}
        >
          {c.cards.map((v) => (
            <tr key={v.token} className="border-t border-slate-100" data-testid="customer-card">
              <td className={cell}>
                {v.brand ?? v.method ?? t("cardLower")} <span className="font-mono text-xs">{v.panMasked}</span>
              </td>
              <td className={cell}>{v.expiry ?? "—"}</td>
              <td className={cell}>
                <StatusLabel status={v.status} />
              </td>
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
          title={t("declarations")}
          testId="customer-declarations"
          empty={c.declarations.length === 0}
          headers={[t("declaration"), t("vendor"), t("location"), t("subOrders"), t("created")]}
          footer={newest(c.more.declarations, c.declarations.length)}
        >
          {c.declarations.map((d) => (
            <tr key={d.id} className="border-t border-slate-100" data-testid="customer-declaration">
              <td className={cell}>
                <Link className="text-brand-600 hover:underline" href={`/customs/${d.id}`}>
                  {d.reference}
                </Link>
              </td>
              <td className={cell}>
                <MethodName method={d.vendor} />
              </td>
              <td className={cell}>{d.customsLocation}</td>
              <td className={cell}>
                {d.subOrders} · {d.states.map((state) => stateLabel(tc as CustomsT, state)).join(", ")}
              </td>
              <td className={`${cell} whitespace-nowrap`}>{f.dateTime(d.createdAt)}</td>
            </tr>
          ))}
        </Records>
      )}
    </>
  );
}
