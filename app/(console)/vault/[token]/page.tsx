import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { NotFound } from "@/lib/platform/errors";
import { vaultTokenParamSchema } from "@/lib/vault/schemas";
import { inspectToken } from "@/lib/vault/service";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { CustomerLink } from "@/components/records/customers/customer-link";
import { Notice } from "@/components/ui/notice";
import { DeleteToken } from "./_components/delete-token";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { StatusLabel } from "@/components/records/ledger/status-label";
import { Card, CardTitle } from "@/components/ui/card";
import { ScrollCard } from "@/components/ui/scroll-card";
import { StaticTable } from "@/components/data-table/static-table";
import { TransactionLink } from "@/components/records/ledger/transaction-link";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = titled("vault", "token.metaTitle");

export default async function VaultTokenPage({ params }: { params: Promise<{ token: string }> }) {
  const user = await requirePageUser("vault.read");
  const [tr, tv, f] = await Promise.all([getTranslations("vault.token"), getTranslations("vault"), getFormat()]);
  const parsed = vaultTokenParamSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const detail = await inspectToken(parsed.data.token).catch((error) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const t = detail.token;
  const manage = can(user, "vault.manage");

  return (
    <div className="max-w-4xl space-y-5">
      <PageHeader
        back={{ href: "/vault", label: tr("back") }}
        title={
          <>
            <span className="capitalize">{t.brand ?? t.method ?? tr("card")}</span>{" "}
            <span className="font-mono text-lg">{t.panMasked}</span>
            <span
              className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${t.status === "active" ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-700"}`}
              data-testid="token-status"
            >
              <StatusLabel status={t.status} />
            </span>
          </>
        }
        line={{ className: "font-mono text-sm text-slate-600" }}
      >
        {t.token}
      </PageHeader>
      {detail.syncError && (
        <Notice tone="warning">
          {detail.syncErrorKey && tv.has(`sync.${detail.syncErrorKey}` as never)
            ? tv(`sync.${detail.syncErrorKey}` as never)
            : detail.syncError}
        </Notice>
      )}
      <Card as="dl" className="facts grid grid-cols-[10rem_1fr] gap-y-1.5 text-sm" data-testid="token-facts">
        <dt className="text-slate-500">{tr("expiry")}</dt>
        <dd>{t.expiry ?? "—"}</dd>
        <dt className="text-slate-500">{tr("reference")}</dt>
        <dd>{t.reference ?? "—"}</dd>
        <dt className="text-slate-500">{tr("consumer")}</dt>
        <dd>
          {[t.consumerName, t.consumerEmail].filter(Boolean).join(" · ")}
          {t.consumerName || t.consumerEmail ? " · " : ""}
          <CustomerLink reference={t.consumerReference} />
        </dd>
        <dt className="text-slate-500">{tr("country")}</dt>
        <dd>{t.country ?? "—"}</dd>
        <dt className="text-slate-500">{tr("created")}</dt>
        <dd>{f.dateTime(t.timeCreated)}</dd>
        <dt className="text-slate-500">{tr("deleted")}</dt>
        <dd>{f.dateTime(t.deletedAt)}</dd>
        <dt className="text-slate-500">{tr("checked")}</dt>
        <dd>{f.dateTime(t.lastSyncedAt)}</dd>
        <dt className="text-slate-500">{tr("firstSeen")}</dt>
        <dd>
          {t.source === "list" || t.source === "add" || t.source === "charge" || t.source === "webhook"
            ? tr(`sources.${t.source}`)
            : t.source}
        </dd>
      </Card>
      <div className="flex flex-wrap gap-3">
        {t.status === "active" && can(user, "charges.create") && (
          <Link
            href={`/terminal?vaultToken=${encodeURIComponent(t.token)}`}
            className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {tr("charge")}
          </Link>
        )}
        {t.status === "active" && manage && (
          <DeleteToken token={t.token} label={`${t.brand ?? tr("cardLower")} ${t.panMasked ?? ""}`.trim()} />
        )}
      </div>
      <ScrollCard label={tr("charges")}>
        <CardTitle>{tr("charges")}</CardTitle>
        {detail.charges.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{tr("noCharges")}</p>
        ) : (
          <StaticTable
            testId="token-charges"
            rows={detail.charges}
            rowKey={(c) => c.id}
            columns={[
              {
                header: tr("chargeColumns.reference"),
                lead: true,
                className: "font-medium",
                cell: (c) => <span translate="no">{c.reference}</span>,
              },
              { header: tr("chargeColumns.id"), cell: (c) => <TransactionLink id={c.id} /> },
              { header: tr("chargeColumns.status"), cell: (c) => <StatusBadge status={c.status} /> },
              { header: tr("chargeColumns.amount"), numeric: true, cell: (c) => f.money(c.amount, c.currency) },
              {
                header: tr("chargeColumns.created"),
                numeric: true,
                className: "text-slate-600",
                cell: (c) => f.dateTime(c.timeCreated),
              },
            ]}
          />
        )}
      </ScrollCard>
    </div>
  );
}
