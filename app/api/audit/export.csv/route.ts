import { route } from "@/lib/platform/api/route";
import { exportCsv } from "@/lib/platform/api/csv-export";
import { auditFilterSchema, iterateAudit } from "@/lib/platform/audit/query";
import { toMajorString } from "@/lib/platform/money";

const COLUMNS = [
  "id",
  "at",
  "actor_email",
  "actor_role",
  "action",
  "result",
  "target_type",
  "target_id",
  "currency",
  "amount",
  "reason",
  "ip",
  "user_agent",
  "detail",
];

/**
 * The filtered audit log as CSV, streamed: ISO 8601 UTC times with the exporting person's local
 * time beside them (their calendar days filter it), amounts in major units.
 */
export const GET = route(
  {
    doc: {
      tag: "Administration",
      summary: "Export the audit log as CSV",
      description:
        "the audit log as CSV, streamed, newest first; audited. Every CSV export is audited twice: before the first row (who, the filter: result `ok`) and when the file ends (`detail.rows`, the rows written into it — a little ahead of what the browser has received, so a cancelled file's count is an upper bound: `succeeded` when the whole set was written, or `failed` with `detail.stopped` = `cancelled` or `read failed`); the audit page shows “N rows exported”",
      produces: "text/csv",
    },
    permission: "audit.read",
    query: auditFilterSchema,
    action: "audit.export",
  },
  async ({ query, actor }) =>
    exportCsv(actor, {
      action: "audit.export",
      filter: query,
      name: "audit",
      columns: COLUMNS,
      times: ["at"],
      rows: async function* (timeZone) {
        for await (const r of iterateAudit({ ...query, timeZone }))
          yield [
            String(r.id),
            r.at.toISOString(),
            r.actorEmail ?? "",
            r.actorRole ?? "",
            r.action,
            r.result,
            r.targetType ?? "",
            r.targetId ?? "",
            r.currency ?? "",
            r.amount !== null && r.currency ? toMajorString(r.amount, r.currency) : (r.amount?.toString() ?? ""),
            r.reason ?? "",
            r.ip ?? "",
            r.userAgent ?? "",
            r.detail === null ? "" : JSON.stringify(r.detail),
          ];
      },
    }),
);
