import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/platform/db";
import { chargebacksByStatus, overviewFor } from "./service";
import { presetOf } from "@/test/staff";

// The home's chargeback queue reads the counts kept per status (chargeback_totals) and each
// status's oldest through its index (issue 36): it must say what counting the rows says.

const now = new Date("2026-11-28T12:00:00Z");
const OPEN = ["Notification of Claim", "Request For Information", "Information Supplied"];

beforeAll(async () => {
  await pool.query("DELETE FROM chargebacks");
  const statuses = [...OPEN, "Won", "Case Closed", "Chargeback Received"];
  for (let i = 0; i < 60; i++)
    await pool.query(
      `INSERT INTO chargebacks (id, amount, currency, status, opened_at, last_change_at, updated_at)
       VALUES ($1, 100, $2, $3, $4, $4, now())`,
      [
        `cbq-${i}`,
        i % 2 ? "USD" : "EUR",
        statuses[i % statuses.length],
        new Date(now.getTime() - (i * 7 + 1) * 86_400_000),
      ],
    );
  // One moved to another status and one removed: the kept counts follow.
  await pool.query("UPDATE chargebacks SET status = 'Won' WHERE id = 'cbq-0'");
  await pool.query("DELETE FROM chargebacks WHERE id = 'cbq-1'");
});

describe("the home's chargeback queue", () => {
  it("counts each open status and ages its oldest as the rows themselves do, oldest first", async () => {
    const { rows } = await pool.query<{ status: string; n: number; oldest: Date }>(
      `SELECT status, count(*)::int AS n, min(opened_at) AS oldest FROM chargebacks
        WHERE status = ANY($1) GROUP BY status ORDER BY min(opened_at)`,
      [OPEN],
    );
    const overview = await overviewFor(presetOf("manager"), now);
    expect(overview.chargebacks).toEqual(
      rows.map((r) => ({
        status: r.status,
        count: r.n,
        oldestDays: Math.floor((now.getTime() - r.oldest.getTime()) / 86_400_000),
      })),
    );
    expect(rows.length).toBe(3);
  });

  it("charts every status with the count the rows have", async () => {
    const { rows } = await pool.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM chargebacks GROUP BY status",
    );
    const byStatus = (list: { label: string; value: number }[]) =>
      [...list].sort((a, b) => a.label.localeCompare(b.label));
    expect(byStatus(await chargebacksByStatus())).toEqual(byStatus(rows.map((r) => ({ label: r.status, value: r.n }))));
  });
});
