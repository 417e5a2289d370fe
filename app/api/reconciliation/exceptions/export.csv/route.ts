import { route } from "@/lib/platform/api/route";
import { exportCsv } from "@/lib/platform/api/csv-export";
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
    return exportCsv(actor, {
      action: "reconciliation.export",
      filter: { ...filter, limit: undefined },
      name: "reconciliation",
      columns: COLUMNS,
      times: ["first_seen_at", "last_seen_at", "resolved_at"],
      rows: async function* () {
        for await (const e of everyPage((cursor) => pageExceptions({ ...filter, cursor })))
          yield [
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
          ];
      },
    });
  },
);
