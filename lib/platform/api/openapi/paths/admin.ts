import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const ADMIN_DOCS: RouteArea = {
  area: "Administration",
  about: "Users, changes waiting for a second admin, settings and credentials, the audit log.",
  routes: {
    "GET /api/audit/export.csv": {
      produces: "text/csv",
      does: "the audit log as CSV, streamed, newest first; audited. Every CSV export is audited twice: before the first row (who, the filter: result `ok`) and when the file ends (`detail.rows`, the rows written into it — a little ahead of what the browser has received, so a cancelled file's count is an upper bound: `succeeded` when the whole set was written, or `failed` with `detail.stopped` = `cancelled` or `read failed`); the audit page shows “N rows exported”",
    },
  },
};
