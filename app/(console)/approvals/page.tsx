import Link from "next/link";
import { TransactionLink } from "@/components/records/ledger/transaction-link";
import { StaticTable } from "@/components/data-table/static-table";
import { requirePageUser } from "@/lib/platform/auth/session";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { approvalsPage, recentlyDecided } from "@/lib/operations/approvals";
import { APPROVALS_PAGE, approvalList } from "@/lib/operations/approvals-search-params";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { ApprovalsList } from "./_components/approvals-list";
import { CardTitle } from "@/components/ui/card";
import { ScrollCard } from "@/components/ui/scroll-card";
import { PageHeader } from "@/components/ui/page-header";
import { pageRefundBatches } from "@/lib/refund-batches/view";
import { BatchTable } from "@/app/(console)/refund-batches/_components/batch-list";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("approvals", "title");

/**
 * Refunds waiting for a second person, newest first, a page at a time: the queue stopped at
 * 200 before, and a request beyond it could not be reached to be approved or rejected.
 */
export default async function ApprovalsPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("refunds.approve");
  const prefetch = prefetchOf(approvalList, (filter) => approvalsPage({ ...filter, limit: APPROVALS_PAGE }, user));
  const [t, f] = await Promise.all([getTranslations("approvals"), getFormat()]);
  // Refund batches over their threshold wait here too, decided whole on their own page.
  const [{ batches, nextCursor: moreBatches }, tb] = await Promise.all([
    pageRefundBatches({ status: "awaiting_approval", limit: 200 }),
    getTranslations("refundBatches"),
  ]);
  const decided = await recentlyDecided();

  return (
    <div className="space-y-5">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>

      <PrefetchedList queries={[await prefetch(searchParams)]}>
        <ApprovalsList />
      </PrefetchedList>

      {/* Below the single refunds, so a batch table settling its columns never moves what is above it. */}
      {batches.length > 0 && (
        <section className="space-y-2" aria-label={tb("list.waitingTitle")}>
          <h2 className="text-lg font-semibold">{tb("list.waitingTitle")}</h2>
          <BatchTable batches={batches} list="refund-batches-waiting" />
          {moreBatches && (
            <p className="text-sm text-slate-600" data-testid="more-batches-waiting">
              {tb("list.moreWaiting", { count: batches.length })}{" "}
              <Link href="/refund-batches?status=awaiting_approval" className="text-brand-600 hover:underline">
                {tb("title")}
              </Link>
            </p>
          )}
        </section>
      )}

      {decided.length > 0 && (
        // Scrolls inside its card: a long charge id or comment widened the page on a phone, and the
        // step-up dialog opened beside the screen (its Confirm under another button).
        <ScrollCard label={t("recentlyDecided")}>
          <CardTitle>{t("recentlyDecided")}</CardTitle>
          <StaticTable
            testId="decided"
            rows={decided}
            rowKey={(op) => op.id}
            columns={[
              { header: t("decidedColumns.when"), className: "text-slate-600", cell: (op) => f.dateTime(op.decidedAt) },
              { header: t("decidedColumns.charge"), cell: (op) => <TransactionLink id={op.transactionId} /> },
              {
                header: t("decidedColumns.amount"),
                numeric: true,
                className: "whitespace-nowrap",
                cell: (op) => f.money(Number(op.amount), op.currency),
              },
              { header: t("decidedColumns.status"), cell: (op) => <StatusBadge status={op.status} /> },
              {
                header: t("decidedColumns.who"),
                className: "text-slate-600",
                cell: (op) => `${op.requestedByEmail} → ${op.decidedByEmail}`,
              },
              { header: t("decidedColumns.comment"), className: "text-slate-600", cell: (op) => op.decisionComment },
            ]}
          />
        </ScrollCard>
      )}
    </div>
  );
}
