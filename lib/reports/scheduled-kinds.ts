import type { Permission } from "@/lib/platform/auth/permissions";

// The reports a person can have e-mailed on a schedule (issue 35), the permission each needs,
// and where its link leads: an existing export or page, for the period's local days. The mail
// never carries the file; the link opens it for a signed-in person with the permission.

export const REPORT_KINDS = [
  "dailySummary",
  "refundsByReason",
  "chargebacksAtRisk",
  "declarationsByStatus",
  "transactionsView",
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_PERMISSION: Record<ReportKind, Permission> = {
  dailySummary: "reports.read",
  refundsByReason: "reports.read",
  chargebacksAtRisk: "chargebacks.read",
  declarationsByStatus: "customs.read",
  transactionsView: "transactions.read",
};

/** How long a report's link opens it: a day, then 409 `report_link_expired` (ask for the report again on its page). */
export const REPORT_LINK_HOURS = 24;

/**
 * The export a report's link leads to. Chargebacks at risk: those waiting on the merchant's
 * response (Notification of Claim, Request For Information), whatever their period; declarations by status: the
 * declarations made in the period, one line per sub-order with its status; a saved view: the view's own query, over
 * the report's period unless the view fixes its own days.
 */
export function reportTarget(report: ReportKind, from: string, to: string, viewQuery?: string | null): string {
  const range = new URLSearchParams({ from, to }).toString();
  switch (report) {
    case "dailySummary":
      return `/api/reports/summary.csv?${range}`;
    case "refundsByReason":
      return `/reports?${range}`;
    case "chargebacksAtRisk":
      // Every case waiting on the merchant's response, not one status of them (issue 48, item 14).
      return "/api/chargebacks/export.csv?atRisk=1";
    case "declarationsByStatus":
      // The declarations made in the report's period (issue 48, item 14: it ignored its period).
      return `/api/customs/declarations/export.csv?${range}`;
    case "transactionsView": {
      // The report's period, unless the view fixes days of its own (issue 48, item 14: the
      // e-mail named a week and the link exported every transaction the view ever matched).
      const query = new URLSearchParams(viewQuery ?? "");
      if (!query.has("from") && !query.has("to")) {
        query.set("from", from);
        query.set("to", to);
      }
      return `/api/transactions/export.csv?${query}`;
    }
  }
}
