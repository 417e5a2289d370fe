import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { chargebackRate } from "@/lib/reports/service";
import { chargebackBreakdown, monthRange } from "./chargebacks";
import { chargebackSummary } from "@/lib/chargebacks/query";

// The summary by status, reason and month on the real PostgreSQL, and its chargeback rate
// against the Reports page's for the same days.

const run = Date.now().toString(36);
const charge = (id: string, at: string, currency = "USD") =>
  pool.query(
    `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
     VALUES ($1, 'charge', 'succeeded', 1000, 1000, $2, $3, '{}', 'import', now())`,
    [id, currency, at],
  );
const chargeback = (
  id: string,
  chargeId: string,
  o: { at: string; status: string; outcome?: string; reason?: string; amount?: number },
) =>
  pool.query(
    `INSERT INTO chargebacks (id, charge_id, amount, currency, status, outcome, reason, opened_at, last_change_at, updated_at)
     VALUES ($1, $2, $3, 'USD', $4, $5, $6, $7, $7, now())`,
    [id, chargeId, o.amount ?? 1000, o.status, o.outcome ?? null, o.reason ?? null, o.at],
  );

beforeAll(async () => {
  await pool.query("DELETE FROM chargebacks");
  await pool.query(
    "DELETE FROM ledger_transactions WHERE time_created >= '2031-01-01' AND time_created < '2031-04-01'",
  );
  for (let i = 0; i < 4; i++) await charge(`ch_jan${i}_${run}`, `2031-01-1${i}T10:00:00Z`);
  await charge(`ch_feb0_${run}`, "2031-02-03T10:00:00Z");
  await chargeback(`cb1_${run}`, `ch_jan0_${run}`, {
    at: "2031-01-20T00:00:00Z",
    status: "Won",
    outcome: "Won",
    reason: "fraudulent",
  });
  await chargeback(`cb2_${run}`, `ch_jan1_${run}`, {
    at: "2031-01-25T00:00:00Z",
    status: "Case Closed",
    outcome: "Lost",
    reason: "fraudulent",
    amount: 600,
  });
  await chargeback(`cb3_${run}`, `ch_feb0_${run}`, { at: "2031-02-10T00:00:00Z", status: "Request For Information" });
});

describe("chargeback summary", () => {
  it("sums by status, reason and month: at risk, won, lost, win rate", async () => {
    const s = await chargebackBreakdown({ from: "2031-01", to: "2031-03" });
    expect(s.byReason.map((r) => [r.key, r.count, r.atRisk, r.won, r.lost, r.winRate])).toEqual([
      ["fraudulent", 2, 0, 1, 1, 0.5],
      ["not given", 1, 1000, 0, 0, null],
    ]);
    expect(s.byMonth.map((r) => [r.key, r.count, r.amount, r.wonAmount, r.lostAmount])).toEqual([
      ["2031-01", 2, 1600, 1000, 600],
      ["2031-02", 1, 1000, 0, 0],
    ]);
    expect(s.byStatus.map((r) => [r.key, r.count])).toEqual([
      ["Case Closed", 1],
      ["Request For Information", 1],
      ["Won", 1],
    ]);
  });

  it("gives the same chargeback rate as the Reports page for the same month", async () => {
    const s = await chargebackBreakdown({ from: "2031-01", to: "2031-01" });
    const reports = await chargebackRate({ from: "2031-01-01", to: "2031-01-31", timeZone: "UTC" });
    expect(
      s.rate.map(({ currency, charges, chargebacks, rate }) => ({ currency, charges, chargebacks, rate })),
    ).toEqual(reports);
    expect(s.rate[0]).toMatchObject({ charges: 4, chargebacks: 2, rate: 0.5 });
  });

  it("takes 12 months by default and refuses ranges backwards or over 24 months", () => {
    const now = new Date("2031-05-15T00:00:00Z");
    expect(monthRange({}, now)).toEqual({ from: "2030-06", to: "2031-05" }); // 12 months, both ends included
    expect(monthRange({ from: "2031-06", to: "2031-05" }, now)).toEqual({ from: "2031-05", to: "2031-05" });
    expect(monthRange({ from: "2028-01", to: "2031-05" }, now)).toEqual({ from: "2031-05", to: "2031-05" });
  });
});

describe("the summary from kept month totals", () => {
  // The breakdowns read totals kept per UTC month, corrected near each month's edge in the
  // reporting zone: they must equal a plain aggregate of the rows in every zone, through
  // inserts, moves across a month's edge, a new reason, a decision and a delete.
  const zones = [
    "UTC",
    "Asia/Shanghai",
    "Asia/Kathmandu",
    "America/St_Johns",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
  ];
  const truth = async (zone: string) => {
    const { rows } = await pool.query<{ part: string; key: string; currency: string; count: string; amount: string }>(
      `WITH c AS (SELECT *, to_char(opened_at AT TIME ZONE $1, 'YYYY-MM') AS month FROM chargebacks
                   WHERE opened_at >= '2032-01-01'::timestamp AT TIME ZONE $1 AND opened_at < '2032-04-01'::timestamp AT TIME ZONE $1)
       SELECT 'status' AS part, status AS key, currency, count(*) AS count, sum(amount) AS amount FROM c GROUP BY 2, 3
       UNION ALL SELECT 'reason', coalesce(reason, 'not given'), currency, count(*), sum(amount) FROM c GROUP BY 2, 3
       UNION ALL SELECT 'month', month, currency, count(*), sum(amount) FROM c GROUP BY 2, 3`,
      [zone],
    );
    return rows.map((r) => `${r.part} ${r.key} ${r.currency} ${r.count} ${r.amount}`).sort();
  };
  const kept = async (zone: string) => {
    const s = await chargebackBreakdown({ from: "2032-01", to: "2032-03", timeZone: zone });
    return [
      ...s.byStatus.map((r) => `status ${r.key} ${r.currency} ${r.count} ${r.amount}`),
      ...s.byReason.map((r) => `reason ${r.key} ${r.currency} ${r.count} ${r.amount}`),
      ...s.byMonth.map((r) => `month ${r.key} ${r.currency} ${r.count} ${r.amount}`),
    ].sort();
  };
  const same = async () => {
    for (const zone of zones) expect(await kept(zone), zone).toEqual(await truth(zone));
  };

  it("equals the rows' own aggregate in every zone, whatever changes", async () => {
    await pool.query("DELETE FROM chargebacks WHERE opened_at >= '2031-12-01' AND opened_at < '2032-05-01'");
    // Near every edge: hours before and after each UTC month start, and the range's own ends.
    const edges = [
      "2031-12-31T11:00:00Z",
      "2031-12-31T22:00:00Z",
      "2032-01-01T05:00:00Z",
      "2032-01-15T12:00:00Z",
      "2032-01-31T13:30:00Z",
      "2032-02-01T00:00:00Z",
      "2032-02-01T09:59:00Z",
      "2032-02-29T20:15:00Z",
      "2032-03-01T03:00:00Z",
      "2032-03-31T23:59:00Z",
      "2032-04-01T06:00:00Z",
      "2032-04-01T13:00:00Z",
    ];
    for (const [i, at] of edges.entries())
      await chargeback(`cbm${i}_${run}`, `ch_m${i}_${run}`, {
        at,
        status: ["Won", "Lost", "Notification of Claim"][i % 3]!,
        outcome: ["Won", "Lost", undefined][i % 3],
        reason: i % 4 === 0 ? undefined : ["fraudulent", "duplicate"][i % 2],
        amount: 100 + i,
      });
    await same();
    await pool.query(
      "UPDATE chargebacks SET opened_at = '2032-03-01T01:00:00Z', reason = 'credit_not_processed' WHERE id = $1",
      [`cbm2_${run}`],
    );
    await pool.query("UPDATE chargebacks SET status = 'Won', outcome = 'Won', amount = 999 WHERE id = $1", [
      `cbm5_${run}`,
    ]);
    await same();
    await pool.query("DELETE FROM chargebacks WHERE id = $1", [`cbm7_${run}`]);
    await same();
  });
});

describe("the list's summary", () => {
  it("matches a plain aggregate of the chargebacks through inserts, moves, decisions and deletes", async () => {
    const truth = async () => {
      const { rows } = await pool.query<{ status: string; currency: string; count: string; amount: string }>(
        "SELECT status, currency, count(*) AS count, sum(amount) AS amount FROM chargebacks GROUP BY 1, 2 ORDER BY 1, 2",
      );
      const { rows: o } = await pool.query<{ won: string; lost: string }>(
        "SELECT count(*) FILTER (WHERE outcome = 'Won') AS won, count(*) FILTER (WHERE outcome = 'Lost') AS lost FROM chargebacks",
      );
      return {
        byStatus: rows.map((r) => ({
          status: r.status,
          currency: r.currency,
          count: Number(r.count),
          amount: Number(r.amount),
        })),
        won: Number(o[0]!.won),
        lost: Number(o[0]!.lost),
      };
    };
    const kept = async () => {
      const s = await chargebackSummary();
      return { byStatus: s.byStatus.map(({ atRisk: _, ...r }) => r), won: s.won, lost: s.lost };
    };
    await chargeback(`cbt1_${run}`, `ch_jan2_${run}`, { at: "2031-01-21T00:00:00Z", status: "Notification of Claim" });
    expect(await kept()).toEqual(await truth());
    await pool.query("UPDATE chargebacks SET status = 'Lost', outcome = 'Lost', amount = 250 WHERE id = $1", [
      `cbt1_${run}`,
    ]);
    expect(await kept()).toEqual(await truth());
    await pool.query("DELETE FROM chargebacks WHERE id = $1", [`cb1_${run}`]);
    expect(await kept()).toEqual(await truth());
    expect((await kept()).lost).toBeGreaterThan(0);
  });
});
