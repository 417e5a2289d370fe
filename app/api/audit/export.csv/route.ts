import { csvDownload, stampedCsvName } from "@/lib/api/csv";
import { route } from "@/lib/api/route";
import { audit } from "@/lib/audit/log";
import { auditFilterSchema, iterateAudit } from "@/lib/audit/query";
import { toMajorString } from "@/lib/money";

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

/** The filtered audit log as CSV, streamed: ISO 8601 UTC times, amounts in major units. */
export const GET = route(
  { permission: "audit.read", query: auditFilterSchema, action: "audit.export" },
  async ({ query, actor }) => {
    await audit({
      actor,
      action: "audit.export",
      result: "ok",
      detail: { filter: { ...query, before: query.before?.toString() } },
    });
    const rows = (async function* () {
      for await (const r of iterateAudit(query)) {
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
      }
    })();
    return csvDownload(rows, COLUMNS, stampedCsvName("audit"));
  },
);
