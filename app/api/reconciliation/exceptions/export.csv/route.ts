import { csvDownload, inBatches, stampedCsvName, withLocalTimes } from "@/lib/platform/api/csv";
import { route } from "@/lib/platform/api/route";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { auditedExport } from "@/lib/platform/audit/export";
import { everyPage } from "@/lib/platform/api/keyset";
import { pageExceptions } from "@/lib/reconciliation/query";
import { exceptionFilterSchema } from "@/lib/reconciliation/schemas";

const COLUMNS = [
  "id",
  "charge_id",
  "kind",
  "subject",
  "currency",
  "ledger",
  "provider",
  "first_seen_at",
  "last_seen_at",
  "age_days",
  "resolved_at",
  "resolved_by",
  "resolution",
];

const said = (v: Record<string, unknown>) =>
  Object.entries(v)
    .map(([k, x]) => `${k}=${x}`)
    .join("; ");

/**
 * Every difference the filter matches as CSV, a page at a time as the file is written: what
 * each side says as key=value (amounts in minor units), ISO 8601 UTC times with the exporting
 * person's local time beside each. Text cells pass the formula guard (csvDownload).
 */
export const GET = route(
  {
    doc: {
      tag: "Reconciliation",
      summary: "Export reconciliation differences as CSV",
      description:
        "every difference the filter matches: `id, charge_id, kind, subject, currency, ledger, provider, first_seen_at, last_seen_at, age_days, resolved_at, resolved_by, resolution`, each side as `key=value; …`, times in ISO 8601 UTC with the exporting person's local time beside each; audited",
      produces: "text/csv",
    },
    permission: "reconciliation.read",
    query: exceptionFilterSchema,
    action: "reconciliation.export",
  },
  async ({ query, actor }) => {
    const filter = { ...query, cursor: undefined, limit: 500 };
    const { timeZone } = await preferencesOf(actor.user);
    const local = withLocalTimes(COLUMNS, ["first_seen_at", "last_seen_at", "resolved_at"], timeZone);
    async function* lines() {
      for await (const e of everyPage((cursor) => pageExceptions({ ...filter, cursor })))
        yield local.row([
          e.id,
          e.chargeId,
          e.kind,
          e.subject,
          e.currency,
          said(e.ledger),
          said(e.provider),
          e.firstSeenAt,
          e.lastSeenAt,
          e.ageDays,
          e.resolvedAt ?? "",
          e.resolvedBy ?? "",
          e.resolution ?? "",
        ]);
    }
    return csvDownload(
      await auditedExport(actor, "reconciliation.export", { ...filter, limit: undefined }, inBatches(lines())),
      local.columns,
      stampedCsvName("reconciliation", timeZone),
    );
  },
);
