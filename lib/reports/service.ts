import "server-only";
import { z } from "zod";
import { pool } from "@/lib/platform/db";
import { REFUND_REASONS } from "@/lib/operations";
import { reportDay } from "@/lib/platform/api/list-params";
import { addDays, today } from "@/lib/platform/i18n/days";
import { dayRange } from "@/lib/platform/i18n/zoned-days";
import { getSettings } from "@/lib/platform/settings/service";
import { REPORT_BUCKETS } from "@/lib/ledger";
import { keptRows, periodIndex } from "@/lib/platform/kept-hours";
import { dayStarts } from "@/lib/platform/i18n/zoned-days";

/** The days asked for in the URL or query string (either may be absent or dropped; 422 outside the calendar). */
export const reportRangeSchema = z.object({ from: reportDay, to: reportDay });

/** A report's days: the merchant's reporting time zone's calendar days, both ends included. */
export type ReportRange = { from: string; to: string; timeZone: string };

export function reportRange(asked: { from?: string; to?: string }, timeZone: string, now = new Date()): ReportRange {
  const to = asked.to ?? today(timeZone, now);
  const from = asked.from ?? addDays(to, -29);
  return Date.parse(from) <= Date.parse(to) && Date.parse(to) - Date.parse(from) <= 366 * 86_400_000
    ? { from, to, timeZone }
    : { from: to, to, timeZone };
}

/** The range in the merchant's reporting zone (settings.reportingTimeZone). */
export async function reportingRange(asked: { from?: string; to?: string }): Promise<ReportRange> {
  return reportRange(asked, (await getSettings()).reportingTimeZone);
}

const bounds = (r: ReportRange) => {
  const b = dayRange(r.from, r.to, r.timeZone);
  return [b.gte, b.lt, r.timeZone];
};

const keptRange = (r: ReportRange) => {
  const b = dayRange(r.from, r.to, r.timeZone);
  return { from: b.gte!, to: b.lt! };
};

export type SummaryRow = {
  day: string;
  currency: string;
  charges: number;
  chargeAmount: number;
  captured: number;
  refunds: number;
  refunded: number;
  cancels: number;
  net: number;
};

/** A settlement-style summary per day of the reporting zone and currency from the ledger. */
export async function dailySummary(r: ReportRange): Promise<SummaryRow[]> {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const starts = dayStarts(r.from, Math.round((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000) + 1, r.timeZone);
  const { rows } = await pool.query<Record<string, string> & { i: number }>(
    `SELECT ${periodIndex(p, starts)} AS i, currency, sum(charges) AS charges,
            sum(charge_amount) AS charge_amount, sum(captured) AS captured, sum(refunds) AS refunds,
            sum(refunded) AS refunded, sum(cancels) AS cancels
       FROM ${keptRows(REPORT_BUCKETS, p, keptRange(r), starts)} x
      GROUP BY 1, 2
     HAVING sum(rows) <> 0
      ORDER BY 1, 2`,
    params,
  );
  return rows.map((x) => {
    const captured = Number(x.captured);
    const refunded = Number(x.refunded);
    return {
      day: addDays(r.from, x.i - 1),
      currency: x.currency!,
      charges: Number(x.charges),
      chargeAmount: Number(x.charge_amount),
      captured,
      refunds: Number(x.refunds),
      refunded,
      cancels: Number(x.cancels),
      net: captured - refunded,
    };
  });
}

/** Refunds the console made, by the reason given, per currency. */
export async function refundsByReason(r: ReportRange) {
  const { rows } = await pool.query<{ reason: string | null; currency: string; n: string; amount: string }>(
    `SELECT reason, currency, count(*) AS n, sum(amount) AS amount FROM operations
      WHERE kind = 'refund' AND status = 'succeeded' AND created_at >= $1 AND created_at < $2
      GROUP BY 1, 2 ORDER BY 4 DESC`,
    bounds(r).slice(0, 2),
  );
  return rows.map((x) => ({
    code: x.reason,
    reason: x.reason ? (REFUND_REASONS[x.reason as keyof typeof REFUND_REASONS] ?? x.reason) : "—",
    currency: x.currency,
    count: Number(x.n),
    amount: Number(x.amount),
  }));
}

/** Chargebacks opened in the range against charges created in it, per currency. */
export async function chargebackRate(r: ReportRange) {
  const params: unknown[] = [];
  const { rows } = await pool.query<{ currency: string; charges: string; chargebacks: string }>(
    `SELECT currency, sum(charges) AS charges, sum(disputed) AS chargebacks
       FROM ${keptRows(REPORT_BUCKETS, (v) => `$${params.push(v)}`, keptRange(r), [])} x
      GROUP BY 1 HAVING sum(charges) <> 0 ORDER BY 1`,
    params,
  );
  return rows.map((x) => ({
    currency: x.currency,
    charges: Number(x.charges),
    chargebacks: Number(x.chargebacks),
    rate: Number(x.charges) ? Number(x.chargebacks) / Number(x.charges) : 0,
  }));
}
