import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { VENDORS } from "@/lib/customs/constants";
import { declarationFilterSchema } from "@/lib/declarations/schemas";
import { listDeclarations } from "@/lib/declarations/view";
import { SUB_ORDER_STATES } from "@/lib/declarations/constants";
import { FilterForm, FilterSelect, FilterText, ListTable } from "@/components/ui/list-page";
import { BulkUpload } from "./_components/bulk-upload";
import { StateBadge } from "./_components/state-badge";

export const metadata: Metadata = { title: "Customs" };

export default async function CustomsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("customs.read");
  const filter = declarationFilterSchema.parse(await searchParams);
  const rows = await listDeclarations(filter);
  const act = can(user.role, "customs.declare");
  const exportQuery = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]).toString();

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Customs declarations</h1>
          <p className="mt-1 text-slate-600">
            Payments declared to China Customs, per sub-order: the declare number, what Customs says, and every
            correction.
          </p>
        </div>
        <div className="flex gap-2">
          <a
            href={`/api/customs/declarations/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
            data-testid="export-declarations"
          >
            Export CSV
          </a>
          {act && (
            <Link
              href="/customs/new"
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              New declaration
            </Link>
          )}
        </div>
      </div>
      {act && <BulkUpload />}
      <FilterForm clearHref="/customs">
        <FilterText label="Reference, transaction, sub-order or declare number" name="q" value={filter.q} />
        <FilterSelect label="Vendor" name="vendor" value={filter.vendor} options={VENDORS} />
        <FilterSelect label="Sub-order state" name="state" value={filter.state} options={SUB_ORDER_STATES} />
        <FilterSelect
          label="Customs status"
          name="customsStatus"
          value={filter.customsStatus}
          options={["SUBMITTED", "PROCESSING", "SUCCESS", "EXCEPT", "CORRECTED"]}
        />
      </FilterForm>
      <ListTable
        testId="declarations"
        headers={["Declared", "Reference", "Vendor", "Location", "Sub-orders", "Declare numbers", "Customs", "State"]}
        empty={
          rows.length === 0
            ? `No declarations${filter.q || filter.vendor || filter.state || filter.customsStatus ? " match these filters" : " yet"}.`
            : null
        }
      >
        {rows.map((d) => {
          const live = d.subOrders.filter((s) => s.state !== "corrected");
          return (
            <tr key={d.id} className="border-t border-slate-100 align-top" data-testid="declaration">
              <td className="whitespace-nowrap px-3 py-2">
                <Link href={`/customs/${d.id}`} className="text-brand-600 hover:underline">
                  {formatDateTime(d.createdAt)}
                </Link>
              </td>
              <td className="px-3 py-2">
                {d.reference}
                {d.transactionId && (
                  <div>
                    <Link
                      href={`/transactions/${encodeURIComponent(d.transactionId)}`}
                      className="font-mono text-xs text-brand-600 hover:underline"
                    >
                      {d.transactionId}
                    </Link>
                  </div>
                )}
              </td>
              <td className="px-3 py-2">
                {d.vendor} · {d.paymentType}
              </td>
              <td className="px-3 py-2">{d.customsLocation}</td>
              <td className="px-3 py-2">
                {d.isSplit ? (
                  live.map((s) => (
                    <div key={s.id} className="whitespace-nowrap">
                      {s.subOrderNo}{" "}
                      <span className="text-slate-500">
                        {s.orderFee !== null ? formatMoney(s.orderFee, "CNY") : ""}
                      </span>
                    </div>
                  ))
                ) : (
                  <span className="text-slate-500">not split</span>
                )}
              </td>
              <td className="px-3 py-2 font-mono text-xs">
                {live.map((s) => (
                  <div key={s.id}>{s.declareNumber ?? "—"}</div>
                ))}
              </td>
              <td className="px-3 py-2">
                {live.map((s) => (
                  <div key={s.id}>
                    {s.customsStatus ?? "—"}
                    {s.timeModified ? <span className="text-xs text-slate-500"> · {s.timeModified}</span> : null}
                  </div>
                ))}
              </td>
              <td className="px-3 py-2">
                <StateBadge state={d.state} />
              </td>
            </tr>
          );
        })}
      </ListTable>
    </div>
  );
}
