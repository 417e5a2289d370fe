import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const ACCOUNT_DOCS: RouteArea = {
  area: "Account",
  about:
    "Who you are, password, second factor, sessions, preferences and theme, saved views, notifications and scheduled reports.",
  routes: {
    "GET /api/reports/scheduled/{id}": {
      does: "a scheduled report's e-mailed link: 303 to the report's own export or page for its period (which checks the permission again) for its recipient, signed in, whose role may read the report; 403 and an audit row for a role without the permission; 404 for anyone else's link; 409 `report_link_expired` once its 24 hours are over; audited `report.scheduled.open`",
    },
  },
};
