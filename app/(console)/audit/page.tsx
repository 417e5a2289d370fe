import type { Metadata } from "next";
import { requirePageUser } from "@/lib/platform/auth/session";
import { getPreferences, getTranslations } from "@/lib/platform/i18n/server";
import { AUDIT_RESULTS, auditFilterSchema, listAudit } from "@/lib/platform/audit/query";
import { FilterForm, FilterSelect, FilterText, Pager, listHref } from "@/components/ui/list-page";
import { AuditTable } from "./_components/audit-columns";
import { db } from "@/lib/platform/db";
import { EXPORT_STOPPED } from "@/lib/platform/audit/export";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audit"))("title") };
}

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("audit.read");
  const filter = auditFilterSchema.parse(await searchParams);
  const [{ timeZone }, t] = await Promise.all([getPreferences(), getTranslations("audit")]);
  const { rows, nextBefore } = await listAudit({ ...filter, timeZone });
  // A user target reads better as the user's email than as an id.
  const userIds = [
    ...new Set(
      rows.filter((r) => r.targetType === "user" && /^[0-9a-f-]{36}$/i.test(r.targetId ?? "")).map((r) => r.targetId!),
    ),
  ];
  const emails = new Map(
    (await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } })).map((u) => [
      u.id,
      u.email,
    ]),
  );
  const target = (type: string | null, id: string | null) =>
    !type ? "—" : type === "user" && id && emails.has(id) ? `user ${emails.get(id)}` : `${type} ${id ?? ""}`;
  // An export's closing row: how many rows the file got, and why it stopped short (lib/platform/audit/export.ts).
  const exported = (r: (typeof rows)[number]) => {
    const d = r.action.endsWith(".export") ? (r.detail as { rows?: unknown; stopped?: unknown } | null) : null;
    if (typeof d?.rows !== "number") return null;
    const stopped =
      d.stopped === EXPORT_STOPPED.cancelled
        ? t("exportStopped.cancelled")
        : d.stopped === EXPORT_STOPPED.readFailed
          ? t("exportStopped.readFailed")
          : null;
    return { rows: t("exportRows", { count: d.rows }), stopped };
  };

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">
          {timeZone === "UTC" ? t("description") : t("descriptionZone", { timeZone })}
        </p>
      </div>
      <FilterForm key={JSON.stringify(filter)} clearHref="/audit" views="audit">
        <FilterText label={t("filters.user")} name="actor" value={filter.actor} />
        <FilterText
          label={t("filters.action")}
          name="action"
          value={filter.action}
          placeholder={t("filters.actionPlaceholder")}
        />
        <FilterSelect
          label={t("filters.result")}
          name="result"
          value={filter.result}
          options={AUDIT_RESULTS.map((r) => [r, t(`results.${r}`)] as const)}
        />
        <FilterText label={t("filters.from")} name="from" type="date" value={filter.from} />
        <FilterText label={t("filters.to")} name="to" type="date" value={filter.to} />
      </FilterForm>
      <AuditTable
        actions={
          <a
            href={listHref("/api/audit/export.csv", { ...filter, before: undefined })}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
            download
          >
            {t("exportCsv")}
          </a>
        }
        footer={
          <ListSummary
            summary={pageSummary(rows, nextBefore !== null, undefined, filter.before !== undefined)}
            noun={[t("noun.one"), t("noun.other")]}
          />
        }
        rows={rows.map((r) => {
          const exportedRows = exported(r);
          return {
            id: String(r.id),
            at: r.at.toISOString(),
            user:
              r.actorEmail ??
              (r.detail as { email?: string } | null)?.email ??
              (r.actorId === null && r.action.endsWith(".outcome") ? t("consoleActor") : "—"),
            role: r.actorRole,
            action: r.action,
            result: r.result,
            target: exportedRows?.rows ?? target(r.targetType, r.targetId),
            amount: r.amount === null ? null : Number(r.amount),
            currency: r.currency,
            reason: r.reason ?? exportedRows?.stopped ?? null,
            ip: r.ip,
          };
        })}
      />
      <Pager
        path="/audit"
        filter={filter}
        param="before"
        next={nextBefore === null ? null : String(nextBefore)}
        olderLabel={t("older")}
      />
    </div>
  );
}
