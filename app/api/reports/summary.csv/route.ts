import { csvDownload } from "@/lib/api/csv";
import { route } from "@/lib/api/route";
import { audit } from "@/lib/audit/log";
import { toMajorString } from "@/lib/money";
import { dailySummary, reportRangeSchema } from "@/lib/reports/service";

const COLUMNS = ["day", "currency", "charges", "charge_amount", "captured", "refunds", "refunded", "cancels", "net"];

/** The daily summary for `from`–`to` (UTC days) as CSV, amounts in major units beside the currency. */
export const GET = route(
  { permission: "reports.read", query: reportRangeSchema, action: "report.export" },
  async ({ query, actor }) => {
    const rows = await dailySummary(query);
    await audit({ actor, action: "report.export", result: "ok", detail: query });
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
      `summary-${query.from}-${query.to}.csv`,
    );
  },
);
