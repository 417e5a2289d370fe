import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { approvalsPage, recentlyDecided } from "@/lib/operations/approvals";
import { APPROVALS_PAGE, approvalList, approvalListOptions } from "@/lib/operations/approvals-search-params";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { StatusBadge } from "@/components/status-badge";
import { ApprovalsList } from "./_components/approvals-list";
import { CardTitle } from "@/components/ui/card";
import { ScrollCard } from "@/components/ui/scroll-card";
import { PageHeader } from "@/components/ui/page-header";
import { pageRefundBatches } from "@/lib/refund-batches/view";
import { BatchTable } from "@/app/(console)/refund-batches/_components/batch-list";
import { CardTable } from "@/components/ui/card-table";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("approvals", "title");

/**
 * Refunds waiting for a second person, newest first, a page at a time: the queue stopped at
 * 200 before, and a request beyond it could not be reached to be approved or rejected.
 */
export default async function ApprovalsPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("refunds.approve");
  const state = await approvalList.load(searchParams);
  const [t, f] = await Promise.all([getTranslations("approvals"), getFormat()]);
  const load = () => approvalsPage({ ...approvalList.filter(state), limit: APPROVALS_PAGE }, user);
  // Refund batches over their threshold wait here too, decided whole on their own page.
  const [{ batches, nextCursor: moreBatches }, tb] = await Promise.all([
    pageRefundBatches({ status: "awaiting_approval", limit: 200 }),
    getTranslations("refundBatches"),
  ]);
  const decided = await recentlyDecided();

  return (
    <div className="space-y-5">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>

      <PrefetchedList queries={[{ queryKey: approvalListOptions(approvalList.search(state)).queryKey, load }]}>
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
          <CardTable className="mt-2 w-full text-sm" data-testid="decided">
            <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-1.5 pr-3 font-medium">{t("decidedColumns.when")}</th>
                <th className="pr-3 font-medium">{t("decidedColumns.charge")}</th>
                <th className="pr-3 text-right font-medium">{t("decidedColumns.amount")}</th>
                <th className="pl-4 font-medium">{t("decidedColumns.status")}</th>
                <th className="pr-3 font-medium">{t("decidedColumns.who")}</th>
                <th className="font-medium">{t("decidedColumns.comment")}</th>
              </tr>
            </thead>
            <tbody>
              {decided.map((op) => (
                <tr key={op.id} className="border-t border-slate-100">
                  <td className="py-1.5 pr-3 text-slate-600">{f.dateTime(op.decidedAt)}</td>
                  <td className="pr-3">
                    <Link
                      className="font-mono text-xs text-brand-600 hover:underline"
                      href={`/transactions/${encodeURIComponent(op.transactionId)}`}
                    >
                      {op.transactionId}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap pr-3 text-right tabular-nums">
                    {f.money(Number(op.amount), op.currency)}
                  </td>
                  <td className="pl-4">
                    <StatusBadge status={op.status} />
                  </td>
                  <td className="pr-3 text-slate-600">
                    {op.requestedByEmail} → {op.decidedByEmail}
                  </td>
                  <td className="text-slate-600">{op.decisionComment}</td>
                </tr>
              ))}
            </tbody>
          </CardTable>
        </ScrollCard>
      )}
    </div>
  );
}
