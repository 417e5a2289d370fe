import { csvDownload, stampedCsvName } from "@/lib/api/csv";
import { route } from "@/lib/api/route";
import { audit } from "@/lib/audit/log";
import { chargebackFilterSchema, listChargebacks } from "@/lib/chargebacks/query";
import { toMajorString } from "@/lib/money";

const COLUMNS = [
  "id",
  "charge_id",
  "reference",
  "status",
  "outcome",
  "reason",
  "currency",
  "amount",
  "opened_at",
  "last_change_at",
  "closed_at",
  "age_days",
  "history",
];

/** The filtered chargebacks as CSV: amounts in major units beside the currency, ISO 8601 UTC times. */
export const GET = route(
  { permission: "chargebacks.read", query: chargebackFilterSchema, action: "chargeback.export" },
  async ({ query, actor }) => {
    const rows = await listChargebacks(query, 100_000);
    await audit({ actor, action: "chargeback.export", result: "ok", detail: { filter: query, rows: rows.length } });
    return csvDownload(
      rows.map((c) => [
        c.id,
        c.chargeId,
        c.reference ?? "",
        c.status,
        c.outcome ?? "",
        c.reason ?? "",
        c.currency,
        toMajorString(c.amount, c.currency),
        c.openedAt,
        c.lastChangeAt,
        c.closedAt ?? "",
        c.ageDays,
        c.history.map((h) => `${h.at} ${h.status}`).join("; "),
      ]),
      COLUMNS,
      stampedCsvName("chargebacks"),
    );
  },
);
