import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { VENDORS } from "@/lib/customs/constants";
import { declarationFilterSchema } from "@/lib/declarations/schemas";
import { listDeclarations } from "@/lib/declarations/view";
import { SUB_ORDER_STATES } from "@/lib/declarations/constants";
import { FilterForm, FilterSelect, FilterText } from "@/components/ui/list-page";
import { DeclarationsTable } from "./_components/declaration-columns";
import { BulkUpload } from "./_components/bulk-upload";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

const PAGE = 200;

export const metadata: Metadata = { title: "Customs" };

export default async function CustomsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("customs.read");
  const filter = declarationFilterSchema.parse(await searchParams);
  const found = await listDeclarations(filter, PAGE + 1);
  const rows = found.slice(0, PAGE);
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
      <FilterForm key={JSON.stringify(filter)} clearHref="/customs" views="customs">
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
      <DeclarationsTable
        rows={rows}
        footer={
          <ListSummary
            summary={pageSummary(rows, found.length > PAGE, (d) => ({
              amount: d.parentAmount,
              currency: d.parentCurrency,
            }))}
            noun={["declaration", "declarations"]}
            money
          />
        }
        empty={`No declarations${filter.q || filter.vendor || filter.state || filter.customsStatus ? " match these filters" : " yet"}.`}
      />
    </div>
  );
}
