import type { Metadata } from "next";
import { z } from "zod";
import { requirePageUser } from "@/lib/platform/auth/session";
import { OPERATION_STATUSES } from "@/lib/operations/schemas";
import { pageOperations } from "@/lib/operations/view";
import { cursorParam } from "@/lib/platform/api/keyset";
import { FilterForm, FilterSelect, Pager } from "@/components/ui/list-page";
import { OperationsTable } from "./_components/operations-columns";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";
import { getTranslations } from "@/lib/platform/i18n/server";

const PAGE = 100;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("operations");
  return { title: t("title") };
}

// The URL is the filter state; a bad value means no filter.
const filterSchema = z.object({ status: z.enum(OPERATION_STATUSES).optional().catch(undefined), cursor: cursorParam });

/** Every capture, refund and cancel the console asked for, newest first: the reconciliation view. */
export default async function OperationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("transactions.read");
  const t = await getTranslations("operations");
  const filter = filterSchema.parse(await searchParams);
  const { rows: operations, nextCursor, older } = await pageOperations({ ...filter, limit: PAGE });
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("description")}</p>
      </div>
      <FilterForm key={JSON.stringify({ ...filter, cursor: undefined })} clearHref="/operations" views="operations">
        <FilterSelect
          label={t("statusFilter")}
          name="status"
          value={filter.status}
          options={OPERATION_STATUSES.map((s) => [s, t(`statusLabels.${s}`)] as const)}
        />
      </FilterForm>
      <OperationsTable
        rows={operations}
        footer={
          <ListSummary
            summary={pageSummary(operations, nextCursor !== null, (op) => op, older)}
            noun={[t("nounOne"), t("nounOther")]}
            money
          />
        }
      />
      <Pager path="/operations" filter={filter} next={nextCursor} older={older} />
    </div>
  );
}
