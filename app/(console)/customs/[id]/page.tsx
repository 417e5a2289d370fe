import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { NotFound } from "@/lib/errors";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { ID_TYPES, BUSINESS_TYPES } from "@/lib/customs/constants";
import { declarationIdSchema } from "@/lib/declarations/schemas";
import { getDeclaration } from "@/lib/declarations/view";
import { AutoRefresh } from "../../transactions/[id]/_components/auto-refresh";
import { StateBadge } from "../_components/state-badge";
import { InquireButton, ResubmitForm } from "./_components/sub-order-actions";

export const metadata: Metadata = { title: "Declaration" };

export default async function DeclarationPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser("customs.read");
  const parsed = declarationIdSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const d = await getDeclaration(parsed.data.id).catch((error) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const act = can(user.role, "customs.declare");
  const money = (v: number | null) => (v === null ? "—" : formatMoney(v, "CNY"));

  return (
    <div className="max-w-5xl space-y-5">
      <AutoRefresh active={d.inFlight} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Link href="/customs" className="text-sm text-brand-600 hover:underline">
            ← Customs
          </Link>
          <h1 className="mt-1 flex items-center gap-3 text-2xl font-semibold">
            Declaration of {d.reference} <StateBadge state={d.state} />
          </h1>
          <p className="mt-1 text-slate-600">
            {d.vendor} · {d.paymentType} · {d.customsLocation} ·{" "}
            {d.isSplit ? `split into ${d.subOrders.filter((s) => s.state !== "corrected").length}` : "not split"} · by{" "}
            {d.createdBy}, {formatDateTime(d.createdAt)}
          </p>
        </div>
        {act && !d.inFlight && <InquireButton id={d.id} />}
      </div>

      <dl className="grid grid-cols-[12rem_1fr] gap-y-1.5 rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <dt className="text-slate-500">Payment</dt>
        <dd>
          {d.transactionId ? (
            <Link
              className="font-mono text-brand-600 hover:underline"
              href={`/transactions/${encodeURIComponent(d.transactionId)}`}
            >
              {d.transactionId}
            </Link>
          ) : (
            "—"
          )}{" "}
          · {d.parentAmount !== null && d.parentCurrency ? formatMoney(d.parentAmount, d.parentCurrency) : "—"}
        </dd>
        <dt className="text-slate-500">In CNY</dt>
        <dd>{money(d.parentCnyFen)}</dd>
        <dt className="text-slate-500">Merchant</dt>
        <dd>
          {d.merchantCustomsName} ({d.merchantCustomsCode})
        </dd>
        <dt className="text-slate-500">Duty</dt>
        <dd>{money(d.duty)}</dd>
        {d.vendor === "upop" && (
          <>
            <dt className="text-slate-500">Buyer</dt>
            <dd>
              {d.buyerName} · {d.idType ? ID_TYPES[d.idType as keyof typeof ID_TYPES] : ""} {d.idNumberMasked}
            </dd>
            <dt className="text-slate-500">Business type</dt>
            <dd>{d.businessType ? BUSINESS_TYPES[d.businessType as keyof typeof BUSINESS_TYPES] : "—"}</dd>
          </>
        )}
      </dl>

      <section className="space-y-3" data-testid="sub-orders">
        {d.subOrders.map((s) => (
          <article
            key={s.id}
            className={`rounded-xl border bg-white p-4 ${s.state === "corrected" ? "border-slate-200 opacity-70" : "border-slate-300"}`}
            data-testid="sub-order"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="font-semibold">
                <span className="font-mono">{s.subOrderNo}</span>{" "}
                {s.orderFee !== null && <span className="font-normal text-slate-600">· {money(s.orderFee)}</span>}
              </h2>
              <StateBadge state={s.state} />
            </div>
            {s.correctsId && (
              <p className="text-xs text-slate-500">
                Corrects {d.subOrders.find((x) => x.id === s.correctsId)?.subOrderNo}
              </p>
            )}
            <dl className="mt-2 grid grid-cols-[12rem_1fr] gap-y-1 text-sm">
              {(s.transportFee !== null || s.productFee !== null) && (
                <>
                  <dt className="text-slate-500">Transport / product</dt>
                  <dd>
                    {money(s.transportFee)} / {money(s.productFee)}
                  </dd>
                </>
              )}
              <dt className="text-slate-500">Declare number</dt>
              <dd className="font-mono" data-testid="declare-number">
                {s.declareNumber ?? "—"}
              </dd>
              <dt className="text-slate-500">Customs status</dt>
              <dd data-testid="customs-status">
                {s.customsStatus ?? "—"}
                {s.timeModified ? ` · changed ${s.timeModified}` : ""}
              </dd>
              <dt className="text-slate-500">Last checked</dt>
              <dd data-testid="checked-at">
                {s.checkedAt ? formatDateTime(s.checkedAt) : "not yet"}
                {s.nextCheckAt
                  ? ` · next check ${formatDateTime(s.nextCheckAt)}`
                  : s.state === "submitted"
                    ? " · final: no more checks"
                    : ""}
              </dd>
              <dt className="text-slate-500">Verified by</dt>
              <dd>{s.verificationOrg ?? "—"}</dd>
              <dt className="text-slate-500">Identity check</dt>
              <dd>{s.identityCheck ?? "—"}</dd>
              {s.errorDetail && (
                <>
                  <dt className="text-slate-500">
                    {s.state === "failed" || s.state === "unknown" ? "Problem" : "Detail"}
                  </dt>
                  <dd className={s.state === "failed" ? "text-red-700" : ""} data-testid="error-detail">
                    {s.errorCode ? `${s.errorCode}: ` : ""}
                    {s.errorDetail}
                  </dd>
                </>
              )}
            </dl>
            {(s.vendorRequest || s.vendorResponse) && (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-brand-600">
                  Original vendor request and response (kept for audit)
                </summary>
                <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
                  {s.vendorRequest}
                  {"\n\n"}
                  {s.vendorResponse}
                </pre>
              </details>
            )}
            {act && s.state !== "corrected" && s.state !== "pending" && s.state !== "sending" && (
              <ResubmitForm declarationId={d.id} subOrder={{ id: s.id, subOrderNo: s.subOrderNo }} split={d.isSplit} />
            )}
          </article>
        ))}
      </section>
    </div>
  );
}
