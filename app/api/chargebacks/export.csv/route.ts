import { csvDownload, stampedCsvName, withLocalTimes } from "@/lib/api/csv";
import { route } from "@/lib/api/route";
import { preferencesOf } from "@/lib/i18n/server";
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

/** The filtered chargebacks as CSV: amounts in major units beside the currency, ISO 8601 UTC times, each with the exporting person's local time beside it. */
export const GET = route(
  { permission: "chargebacks.read", query: chargebackFilterSchema, action: "chargeback.export" },
  async ({ query, actor }) => {
    const rows = await listChargebacks(query, 100_000);
    await audit({ actor, action: "chargeback.export", result: "ok", detail: { filter: query, rows: rows.length } });
    const local = withLocalTimes(
      COLUMNS,
      ["opened_at", "last_change_at", "closed_at"],
      (await preferencesOf(actor.user)).timeZone,
    );
    return csvDownload(
      rows.map((c) =>
        local.row([
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
      ),
      local.columns,
      stampedCsvName("chargebacks"),
    );
  },
);
