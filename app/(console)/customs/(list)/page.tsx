import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { VENDORS } from "@/lib/customs/constants";
import { declarationFilterSchema } from "@/lib/declarations/schemas";
import { pageDeclarations } from "@/lib/declarations/view";
import { SUB_ORDER_STATES } from "@/lib/declarations/constants";
import { customsStatusLabel, stateLabel, vendorLabel } from "@/lib/customs/explain";
import { getTranslations } from "@/lib/platform/i18n/server";
import { FilterForm, FilterSelect, FilterText, Pager, listHref } from "@/components/ui/list-page";
import { DeclarationsTable } from "../_components/declaration-columns";
import { BulkUpload } from "../_components/bulk-upload";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

const PAGE = 100;

const CUSTOMS_STATUSES = ["SUBMITTED", "PROCESSING", "SUCCESS", "EXCEPT", "CORRECTED"] as const;

export async function generateMetadata() {
  const t = await getTranslations("customs");
  return { title: t("title") };
}

export default async function CustomsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("customs.read");
  const { limit: _limit, ...filter } = declarationFilterSchema.parse(await searchParams);
  const { rows, nextCursor, older } = await pageDeclarations({ ...filter, limit: PAGE });
  const act = can(user.role, "customs.declare");
  const t = await getTranslations("customs");
  const filtered = !!(filter.q || filter.vendor || filter.state || filter.customsStatus);
  const exportHref = listHref("/api/customs/declarations/export.csv", { ...filter, cursor: undefined });

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("list.heading")}</h1>
          <p className="mt-1 text-slate-600">{t("list.intro")}</p>
        </div>
        <div className="flex gap-2">
          <a
            href={exportHref}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
            data-testid="export-declarations"
          >
            {t("list.export")}
          </a>
          {act && (
            <Link
              href="/customs/new"
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t("list.new")}
            </Link>
          )}
        </div>
      </div>
      {act && <BulkUpload />}
      <FilterForm key={JSON.stringify({ ...filter, cursor: undefined })} clearHref="/customs" views="customs">
        <FilterText label={t("list.filterQ")} name="q" value={filter.q} />
        <FilterSelect
          label={t("list.filterVendor")}
          name="vendor"
          value={filter.vendor}
          options={VENDORS.map((v) => [v, vendorLabel(t, v)] as const)}
        />
        <FilterSelect
          label={t("list.filterState")}
          name="state"
          value={filter.state}
          options={SUB_ORDER_STATES.map((s) => [s, stateLabel(t, s)] as const)}
        />
        <FilterSelect
          label={t("list.filterCustomsStatus")}
          name="customsStatus"
          value={filter.customsStatus}
          options={CUSTOMS_STATUSES.map((c) => [c, customsStatusLabel(t, c)] as const)}
        />
      </FilterForm>
      <DeclarationsTable
        rows={rows}
        footer={
          <ListSummary
            summary={pageSummary(
              rows,
              nextCursor !== null,
              (d) => ({ amount: d.parentAmount, currency: d.parentCurrency }),
              older,
            )}
            noun={[t("list.nounOne"), t("list.nounOther")]}
            money
          />
        }
        empty={filtered ? t("list.emptyFiltered") : t("list.empty")}
      />
      <Pager path="/customs" filter={filter} next={nextCursor} older={older} />
    </div>
  );
}
