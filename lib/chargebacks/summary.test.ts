import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { chargebackRate } from "@/lib/reports/service";
import { chargebackBreakdown, monthRange } from "./summary";
import { chargebackSummary } from "./query";

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
