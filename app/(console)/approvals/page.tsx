import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { requirePageUser } from "@/lib/platform/auth/session";
import { db } from "@/lib/platform/db";
import { minorToNumber } from "@/lib/platform/money";
import { getFormat, getTranslations } from "@/lib/platform/i18n/server";
import { pageOperations } from "@/lib/operations/view";
import { cursorParam } from "@/lib/platform/api/keyset";
import { Pager } from "@/components/ui/list-page";
import { operationRoom } from "@/lib/operations/room";
import { StatusBadge } from "@/components/status-badge";
import { ApprovalsTable } from "./_components/approval-columns";
import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

const PAGE = 50;
const filterSchema = z.object({ cursor: cursorParam });

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("approvals");
  return { title: t("title") };
}

/**
 * Refunds waiting for a second person, newest first, a page at a time: the queue stopped at
 * 200 before, and a request beyond it could not be reached to be approved or rejected.
 */
export default async function ApprovalsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("refunds.approve");
  const filter = filterSchema.parse(await searchParams);
  const [t, f] = await Promise.all([getTranslations("approvals"), getFormat()]);
  const {
    rows: pending,
    nextCursor,
    older,
  } = await pageOperations({ status: "pending_approval", cursor: filter.cursor, limit: PAGE });
  const charges = new Map(
    (await db.ledgerTransaction.findMany({ where: { id: { in: pending.map((p) => p.transactionId) } } })).map((c) => [
      c.id,
      c,
    ]),
  );
  const rooms = new Map(
    await Promise.all(pending.map(async (p) => [p.id, (await operationRoom(p.transactionId, p.id)).refund] as const)),
  );
  const decided = await db.operation.findMany({
    where: { decidedAt: { not: null } },
    orderBy: { decidedAt: "desc" },
    take: 20,
  });

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("description")}</p>
      </div>

      <ApprovalsTable
        footer={
          <ListSummary
            summary={pageSummary(pending, nextCursor !== null, (op) => op, older)}
            noun={[t("nounOne"), t("nounOther")]}
            money
          />
        }
        rows={pending.map((op) => {
          const charge = charges.get(op.transactionId);
          return {
            op,
            charge: charge
              ? {
                  method: charge.method,
                  amount: Number(charge.amount),
                  captured: minorToNumber(charge.amountCaptured),
                  refunded: minorToNumber(charge.amountRefunded) ?? 0,
                  currency: charge.currency,
                }
              : null,
            left: rooms.get(op.id) ?? 0,
            own: op.requestedBy === user.email,
          };
        })}
      />
      <Pager path="/approvals" filter={filter} next={nextCursor} older={older} />

      {decided.length > 0 && (
        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="font-semibold">{t("recentlyDecided")}</h2>
          <table className="mt-2 w-full text-sm" data-testid="decided">
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
          </table>
        </section>
      )}
    </div>
  );
}
