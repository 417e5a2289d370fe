import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { NotFound } from "@/lib/platform/errors";
import { PageHeader } from "@/components/ui/page-header";
import {
  customsStatusLabel,
  identityCheckLabel,
  paymentTypeLabel,
  stateLabel,
  vendorLabel,
} from "@/lib/customs/explain";
import { SubOrderProblem } from "./_components/sub-order-problem";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import en from "@/lib/platform/i18n/messages/en/customs.json";
import { declarationIdSchema } from "@/lib/declarations/schemas";
import { getDeclaration } from "@/lib/declarations/view";
import { orderBudget } from "@/lib/declarations/budget";
import { isCorrectable } from "@/lib/declarations/constants";
import { AutoRefresh } from "../../transactions/[id]/_components/auto-refresh";
import { StateBadge } from "../_components/state-badge";
import { InquireButton, ResubmitForm } from "./_components/sub-order-actions";
import { CorrectionForm } from "./_components/correction-form";
import { ThreeWayMatch } from "./_components/match";
import { Card } from "@/components/ui/card";

const ID_TYPE_KEYS = en.idTypes;
const BUSINESS_KEYS = en.businessTypes;

export const generateMetadata = titled("customs", "declaration.title");

export default async function DeclarationPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser("customs.read");
  const parsed = declarationIdSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const d = await getDeclaration(parsed.data.id).catch((error) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const act = can(user, "customs.declare");
  const budget = await orderBudget(d.reference, d.parentCnyFen);
  const t = await getTranslations("customs");
  const f = await getFormat();
  const money = (v: number | null) => (v === null ? "—" : f.money(v, "CNY"));
  const idType = d.idType && d.idType in ID_TYPE_KEYS ? t(`idTypes.${d.idType as keyof typeof ID_TYPE_KEYS}`) : "";
  const businessType =
    d.businessType && d.businessType in BUSINESS_KEYS
      ? t(`businessTypes.${d.businessType as keyof typeof BUSINESS_KEYS}`)
      : "—";

  return (
    <div className="max-w-5xl space-y-5">
      <AutoRefresh active={d.inFlight} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader
          back={{ href: "/customs", label: t("back") }}
          title={
            <>
              {t("declaration.heading", { reference: d.reference })}{" "}
              <StateBadge state={d.status} label={stateLabel(t, d.status)} />
            </>
          }
        >
          {vendorLabel(t, d.vendor)} · {paymentTypeLabel(t, d.paymentType)} · {d.customsLocation} ·{" "}
          {d.isSplit
            ? t("declaration.splitInto", { count: d.subOrders.filter((s) => s.state !== "corrected").length })
            : t("declaration.notSplit")}{" "}
          · {t("declaration.by", { who: d.createdBy, when: f.dateTime(d.createdAt) })}
        </PageHeader>
        {act && !d.inFlight && <InquireButton id={d.id} />}
      </div>

      <Card as="dl" className="facts grid grid-cols-[12rem_1fr] gap-y-1.5 text-sm">
        <dt className="text-slate-500">{t("declaration.payment")}</dt>
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
          · {d.parentAmount !== null && d.parentCurrency ? f.money(d.parentAmount, d.parentCurrency) : "—"}
        </dd>
        <dt className="text-slate-500">{t("declaration.inCny")}</dt>
        <dd>{money(d.parentCnyFen)}</dd>
        <dt className="text-slate-500">{t("budget.label")}</dt>
        <dd data-testid="order-budget">
          {budget.cap === null
            ? t("budget.unknown", { used: money(budget.used), count: budget.count })
            : t("budget.line", {
                used: money(budget.used),
                cap: money(budget.cap),
                count: budget.count,
                left: money(Math.max(budget.cap - budget.used, 0)),
              })}
        </dd>
        <dt className="text-slate-500">{t("declaration.merchant")}</dt>
        <dd>
          {d.merchantCustomsName} ({d.merchantCustomsCode})
        </dd>
        <dt className="text-slate-500">{t("declaration.duty")}</dt>
        <dd>{money(d.duty)}</dd>
        {d.vendor === "upop" && (
          <>
            <dt className="text-slate-500">{t("declaration.buyer")}</dt>
            <dd>
              {d.buyerName} · {idType} {d.idNumberMasked}
            </dd>
            <dt className="text-slate-500">{t("declaration.businessType")}</dt>
            <dd>{businessType}</dd>
          </>
        )}
      </Card>

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
              <StateBadge state={s.status} label={stateLabel(t, s.status)} />
            </div>
            {s.correctsId && (
              <p className="text-xs text-slate-500">
                {t("declaration.corrects", {
                  subOrderNo: d.subOrders.find((x) => x.id === s.correctsId)?.subOrderNo ?? "",
                })}
              </p>
            )}
            <dl className="mt-2 facts grid grid-cols-[12rem_1fr] gap-y-1 text-sm">
              {(s.transportFee !== null || s.productFee !== null) && (
                <>
                  <dt className="text-slate-500">{t("declaration.transportProduct")}</dt>
                  <dd>
                    {money(s.transportFee)} / {money(s.productFee)}
                  </dd>
                </>
              )}
              <dt className="text-slate-500">{t("declaration.declareNumber")}</dt>
              <dd className="font-mono" data-testid="declare-number">
                {s.declareNumber ?? "—"}
              </dd>
              <ThreeWayMatch split={d.isSplit} match={s.match} />
              <dt className="text-slate-500">{t("declaration.customsStatus")}</dt>
              <dd data-testid="customs-status" className={s.status === "rejected" ? "font-medium text-red-700" : ""}>
                {customsStatusLabel(t, s.customsStatus)}
                {s.timeModified
                  ? t("declaration.changed", { time: s.modifiedAt ? f.dateTime(s.modifiedAt) : s.timeModified })
                  : ""}
              </dd>
              <dt className="text-slate-500">{t("declaration.lastChecked")}</dt>
              <dd data-testid="checked-at">
                {s.checkedAt ? f.dateTime(s.checkedAt) : t("declaration.notYet")}
                {s.nextCheckAt
                  ? t("declaration.nextCheck", { time: f.dateTime(s.nextCheckAt) })
                  : s.state === "submitted"
                    ? t("declaration.final")
                    : ""}
              </dd>
              <dt className="text-slate-500">{t("declaration.verifiedBy")}</dt>
              <dd>{s.verificationOrg ?? "—"}</dd>
              <dt className="text-slate-500">{t("declaration.identityCheck")}</dt>
              <dd>{identityCheckLabel(t, s.identityCheck)}</dd>
              {s.errorDetail && (
                <>
                  <dt className="text-slate-500">
                    {s.state === "failed" || s.state === "unknown" ? t("declaration.problem") : t("declaration.detail")}
                  </dt>
                  <dd className={s.state === "failed" ? "text-red-700" : ""} data-testid="error-detail">
                    {s.errorCode ? `${s.errorCode}: ` : ""}
                    <SubOrderProblem t={t} code={s.errorCode} stored={s.errorDetail} />
                  </dd>
                </>
              )}
            </dl>
            {(s.vendorRequest || s.vendorResponse) && (
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer text-brand-600">{t("declaration.vendorAudit")}</summary>
                <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs">
                  {s.vendorRequest}
                  {"\n\n"}
                  {s.vendorResponse}
                </pre>
              </details>
            )}
            {act && isCorrectable(s) ? (
              <CorrectionForm
                reason={
                  s.state === "failed"
                    ? t("correct.failed", { code: s.errorCode ?? "none" })
                    : t("correct.rejected", { status: customsStatusLabel(t, s.customsStatus) })
                }
                target={{
                  declarationId: d.id,
                  vendor: d.vendor,
                  isSplit: d.isSplit,
                  paymentType: d.paymentType,
                  duty: d.duty,
                  buyerName: d.buyerName,
                  idType: d.idType,
                  idNumberMasked: d.idNumberMasked,
                  subOrder: {
                    id: s.id,
                    subOrderNo: s.subOrderNo,
                    orderFee: s.orderFee,
                    transportFee: s.transportFee,
                    productFee: s.productFee,
                  },
                  budget: { cap: budget.cap, used: budget.used, thisHeld: budget.bySubOrder[s.id] ?? 0 },
                }}
              />
            ) : (
              act &&
              s.status !== "accepted" &&
              s.state !== "corrected" &&
              s.state !== "pending" &&
              s.state !== "sending" && (
                <ResubmitForm
                  declarationId={d.id}
                  subOrder={{ id: s.id, subOrderNo: s.subOrderNo }}
                  split={d.isSplit}
                />
              )
            )}
          </article>
        ))}
      </section>
    </div>
  );
}
