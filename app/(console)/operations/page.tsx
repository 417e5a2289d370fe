import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { requirePageUser } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { OPERATION_STATUSES } from "@/lib/operations/schemas";
import { listOperations } from "@/lib/operations/view";
import { KIND_LABEL } from "@/lib/operations/labels";
import { FilterForm, FilterSelect, ListTable } from "@/components/ui/list-page";
import { StatusBadge } from "@/components/status-badge";

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
  const operations = await listOperations(filter.status ? { status: filter.status } : {}, 200);
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Operations</h1>
        <p className="mt-1 text-slate-600">
          Captures, refunds and cancels asked for in the console, newest first. An unknown outcome is never retried by
          hand: the console checks with the payment service until it knows.
        </p>
      </div>
      <FilterForm clearHref="/operations">
        <FilterSelect
          label="Status"
          name="status"
          value={filter.status}
          options={OPERATION_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const)}
        />
      </FilterForm>
      <ListTable
        testId="operations-table"
        headers={["Asked", "Operation", "Amount", "Transaction", "Status", "Requested by", "What it says"]}
        empty={operations.length === 0 ? "No operations match this filter." : null}
      >
        {operations.map((op) => (
          <tr key={op.id} className="border-t border-slate-100 align-top">
            <td className="whitespace-nowrap px-3 py-2">{formatDateTime(op.createdAt)}</td>
            <td className="px-3 py-2">
              {KIND_LABEL[op.kind]}
              <div className="font-mono text-xs text-slate-500">{op.reference}</div>
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
              {formatMoney(op.amount, op.currency)}
            </td>
            <td className="px-3 py-2">
              <Link
                href={`/transactions/${encodeURIComponent(op.transactionId)}`}
                className="font-mono text-xs text-brand-600 hover:underline"
              >
                {op.transactionId}
              </Link>
            </td>
            <td className="px-3 py-2">
              <StatusBadge status={op.status} />
            </td>
            <td className="px-3 py-2 text-slate-600">{op.requestedBy}</td>
            <td className="px-3 py-2 text-slate-600">{op.message}</td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}
