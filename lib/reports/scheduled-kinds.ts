import type { Permission } from "@/lib/platform/auth/permissions";

// The reports a person can have e-mailed on a schedule (issue 35).

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

/** The export a report's link leads to. */
export function reportTarget(report: ReportKind, from: string, to: string, viewQuery?: string | null): string {
  const range = new URLSearchParams({ from, to }).toString();
  switch (report) {
    case "dailySummary":
      return `/api/reports/summary.csv?${range}`;
    case "refundsByReason":
      return `/reports?${range}`;
    case "chargebacksAtRisk":
      return "/api/chargebacks/export.csv?atRisk=1";
    case "declarationsByStatus":
      return `/api/customs/declarations/export.csv?${range}`;
    case "transactionsView": {
      const query = new URLSearchParams(viewQuery ?? "");
      if (!query.has("from") && !query.has("to")) {
        query.set("from", from);
        query.set("to", to);
      }
      return `/api/transactions/export.csv?${query}`;
    }
  }
}
