import Link from "next/link";
import { StaticTable } from "@/components/data-table/static-table";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { getTransactionDetail } from "@/lib/ledger/service";
import { transactionIdSchema } from "@/lib/upi/ids";
import { NotFound } from "@/lib/platform/errors";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { Notice } from "@/components/ui/notice";
import { RefreshButton } from "./_components/refresh-button";
import { can, type Grants } from "@/lib/platform/auth/permissions";
import { listOperations } from "@/lib/operations/view";
import { operationRoom } from "@/lib/operations/room";
import { pageChargebacks } from "@/lib/chargebacks/query";
import { ConfirmPanel, MoneyActions } from "./_components/money-actions";
import { OperationsTable } from "./_components/operations-table";
import { AutoRefresh } from "./_components/auto-refresh";
import { TransactionDetails } from "./_components/details";
import { ChildTransactions, Timeline } from "./_components/related";
import { TransactionNotes } from "./_components/notes";
import { listNotes } from "@/lib/ledger/notes";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { StatusLabel } from "@/components/records/ledger/status-label";
import { labelOr } from "@/lib/ledger/status-label";
import { StatCard } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = titled("transactions", "page.metaTitle");

async function load(id: string, who: Grants) {
  try {
    return await getTransactionDetail(id, who);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
}

export default async function TransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser("transactions.read");
  const parsed = transactionIdSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const t = await load(parsed.data.id, user);
  const [tr, f] = await Promise.all([getTranslations("transactions"), getFormat()]);
  const money = (v: number | null) => f.money(v, t.currency);
  const isCharge = t.type === "charge";
  const [operations, room] = isCharge
    ? await Promise.all([listOperations({ transactionId: t.id }, 100), operationRoom(t.id)])
    : [[], { capture: 0, refund: 0 }];
  const inFlight = operations.some((o) => o.status === "pending" || o.status === "unknown");
  const held = operations.filter(
    (o) => o.status === "pending" || o.status === "unknown" || o.status === "pending_approval",
  );
  const mayMove = isCharge && can(user, "money.move");
  const open = t.status === "authorized";
  // The tracker's view (notifications and inquiries), with each case's history.
  const [chargebacks, notes] = await Promise.all([
    t.type === "charge" ? pageChargebacks({ q: t.id, limit: 200 }).then((p) => p.rows) : [],
    listNotes(t.id),
  ]);

  return (
    <div className="max-w-5xl space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          back={{ href: "/transactions", label: tr("page.back") }}
          title={
            <>
              <span className="capitalize">{labelOr(tr, `types.${t.type}`, t.type)}</span>{" "}
              <span className="font-mono text-lg text-slate-600">{t.id}</span> <StatusBadge status={t.status} of={t} />
            </>
          }
        >
          {tr("page.reference")} <strong>{t.reference ?? "—"}</strong>
          {t.parentId && (
            <>
              {" "}
              {tr("page.ofCharge")}{" "}
              <Link
                className="font-mono text-brand-600 hover:underline"
                href={`/transactions/${encodeURIComponent(t.parentId)}`}
              >
                {t.parentId}
              </Link>
            </>
          )}
        </PageHeader>
        <div className="flex flex-col items-end gap-2">
          <RefreshButton id={t.id} updatedAt={t.updatedAt} />
          {isCharge && can(user, "customs.declare") && (
            <Link
              href={`/customs/new?transaction=${encodeURIComponent(t.id)}`}
              className="text-sm text-brand-600 hover:underline"
            >
              {tr("page.declare")}
            </Link>
          )}
        </div>
      </div>

      {t.chargeToken && t.reference && can(user, "charges.create") && (
        <ConfirmPanel
          userId={user.id}
          chargeToken={t.chargeToken}
          reference={t.reference}
          amount={t.amount}
          currency={t.currency}
          method={t.method}
        />
      )}

      <section className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="amounts">
        {[
          [tr("page.amount"), money(t.amount), null],
          [tr("page.captured"), money(t.amountCaptured), null],
          [tr("page.refunded"), money(t.amountRefunded), null],
          // Operations in flight or awaiting approval hold part of what is left.
          [
            tr("page.leftToCapture"),
            money(t.remainingToCapture),
            isCharge && room.capture < t.remainingToCapture
              ? tr("page.availableNow", { amount: money(room.capture) })
              : null,
          ],
          [
            tr("page.leftToRefund"),
            money(t.remainingToRefund),
            isCharge && room.refund < t.remainingToRefund
              ? tr("page.availableNow", { amount: money(room.refund) })
              : null,
          ],
        ].map(([label, value, note]) => (
          <StatCard key={label} label={label} value={value}>
            {note && <div className="text-xs text-slate-500">{note}</div>}
          </StatCard>
        ))}
      </section>

      {held.length > 0 && (
        <Notice tone="info" testId="held-amounts">
          {tr("page.held", {
            list: held
              .map((o) => tr("page.heldOne", { kind: o.kind, amount: f.money(o.amount, o.currency), status: o.status }))
              .join(tr("page.listSeparator")),
          })}
        </Notice>
      )}

      {mayMove && (
        <MoneyActions
          id={t.id}
          currency={t.currency}
          method={t.method}
          room={room}
          can={{
            capture: open && room.capture > 0,
            refund: room.refund > 0,
            cancel: open && (t.amountCaptured ?? 0) === 0 && room.capture > 0,
          }}
        />
      )}

      <TransactionDetails t={t} />

      <ChildTransactions items={t.children} />

      {operations.length > 0 && <OperationsTable operations={operations} />}
      <AutoRefresh active={inFlight} />

      {chargebacks.length > 0 && (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: it slides sideways on a phone, and a scroll region must be reachable from the keyboard (axe's scrollable-region-focusable), as ScrollCard's
          tabIndex={0}
          aria-label={tr("page.chargebacks")}
          className="overflow-x-auto rounded-xl border border-red-200 bg-white p-4"
        >
          <h2 className="font-semibold">{tr("page.chargebacks")}</h2>
          <StaticTable
            testId="chargebacks"
            rows={chargebacks}
            rowKey={(c) => c.id}
            columns={[
              {
                header: tr("page.chargebackColumns.case"),
                className: "font-mono text-xs",
                cell: (c) => (
                  <Link className="text-brand-600 hover:underline" href={c.href}>
                    {c.id}
                  </Link>
                ),
              },
              {
                header: tr("page.chargebackColumns.status"),
                cell: (c) => (
                  <>
                    <StatusLabel status={c.status} />
                    {c.outcome && c.status === "Case Closed" ? (
                      <>
                        {" ("}
                        <StatusLabel status={c.outcome} />
                        {")"}
                      </>
                    ) : null}
                  </>
                ),
              },
              {
                header: tr("page.chargebackColumns.history"),
                className: "text-xs text-slate-600",
                cell: (c) =>
                  c.history.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed history; a status may repeat.
                    <span key={i}>
                      {i > 0 ? " → " : null}
                      <StatusLabel status={h.status} />
                    </span>
                  )),
              },
              {
                header: tr("page.chargebackColumns.amount"),
                numeric: true,
                cell: (c) => f.money(c.amount, c.currency),
              },
            ]}
          />
        </section>
      )}

      <TransactionNotes id={t.id} notes={notes} canAdd={can(user, "transactions.annotate")} userId={user.id} />

      <Timeline t={t} />
    </div>
  );
}
