import { csvDownload } from "@/lib/platform/api/csv";
import { route } from "@/lib/platform/api/route";
import { audit } from "@/lib/platform/audit/log";
import { toMajorString } from "@/lib/platform/money";
import { dailySummary, reportingRange, reportRangeSchema } from "@/lib/reports/service";

const COLUMNS = ["day", "currency", "charges", "charge_amount", "captured", "refunds", "refunded", "cancels", "net"];

/**
 * The daily summary for `from`–`to` (calendar days of the merchant's reporting zone, Settings;
 * the Reports page names it) as CSV, amounts in major units beside the currency.
 */
export const GET = route(
  {
    doc: {
      tag: "Ledger",
      summary: "Export the daily summary as CSV",
      description:
        "per day of the merchant's reporting zone (Settings) and currency (`YYYY-MM-DD`, both ends included, 30 days by default, at most a year; a malformed day is ignored, a day outside 1970-01-01–2999-12-31 is 422 naming that range): charges, charge amount, captured, refunds, refunded, cancels, net = captured − refunded; major units; audited. The page `/reports` adds refunds by reason and the chargeback rate",
      produces: "text/csv",
    },
    permission: "reports.read",
    query: reportRangeSchema,
    action: "report.export",
  },
  async ({ query, actor }) => {
    const range = await reportingRange(query);
    const rows = await dailySummary(range);
    await audit({ actor, action: "report.export", result: "ok", detail: range });
    const m = (v: number, c: string) => toMajorString(v, c);
    return csvDownload(
      rows.map((r) => [
        r.day,
        r.currency,
        r.charges,
        m(r.chargeAmount, r.currency),
        m(r.captured, r.currency),
        r.refunds,
        m(r.refunded, r.currency),
        r.cancels,
        m(r.net, r.currency),
      ]),
      COLUMNS,
      `summary-${range.from}-${range.to}.csv`,
    );
  },
);
