import type { Metadata } from "next";
import { z } from "zod";
import { requirePageUser } from "@/lib/auth/session";
import { OPERATION_STATUSES } from "@/lib/operations/schemas";
import { listOperations } from "@/lib/operations/view";
import { FilterForm, FilterSelect } from "@/components/ui/list-page";
import { OperationsTable } from "./_components/operations-columns";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

const PAGE = 200;

export const metadata: Metadata = { title: "Operations" };

const STATUS_LABELS: Record<(typeof OPERATION_STATUSES)[number], string> = {
  unknown: "Outcome unknown (being checked)",
  pending: "Being sent",
  pending_approval: "Awaiting approval",
  succeeded: "Succeeded",
  failed: "Failed",
  rejected: "Rejected",
};

// The URL is the filter state; a bad value means no filter.
const filterSchema = z.object({ status: z.enum(OPERATION_STATUSES).optional().catch(undefined) });

/** Every capture, refund and cancel the console asked for, newest first: the reconciliation view. */
export default async function OperationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("transactions.read");
  const filter = filterSchema.parse(await searchParams);
  const found = await listOperations(filter.status ? { status: filter.status } : {}, PAGE + 1);
  const operations = found.slice(0, PAGE);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Operations</h1>
        <p className="mt-1 text-slate-600">
          Captures, refunds and cancels asked for in the console, newest first. An unknown outcome is never retried by
          hand: the console checks with the payment service until it knows.
        </p>
      </div>
      <FilterForm key={JSON.stringify(filter)} clearHref="/operations" views="operations">
        <FilterSelect
          label="Status"
          name="status"
          value={filter.status}
          options={OPERATION_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)}
        />
      </FilterForm>
      <OperationsTable
        rows={operations}
        footer={
          <ListSummary
            summary={pageSummary(operations, found.length > PAGE, (op) => op)}
            noun={["operation", "operations"]}
            money
          />
        }
      />
    </div>
  );
}
