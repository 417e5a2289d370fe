import { afterAll, describe, expect, it } from "vitest";
import { inTransaction, pool } from "@/lib/platform/db";
import { chargeSchema } from "@/lib/upi/schemas";
import { said } from "@/lib/ledger/event-text";
import { recordTransaction } from "./record";

// The ledger writer beside the kept report totals' locks (migration …_report_buckets): a charge's
// row takes its key shared, its chargebacks the same key exclusively.

afterAll(async () => {
  await pool.query("DELETE FROM chargebacks WHERE charge_id LIKE 'rc-%'");
  await pool.query("DELETE FROM ledger_events WHERE transaction_id LIKE 'rc-%'");
  await pool.query("DELETE FROM ledger_transactions WHERE id LIKE 'rc-%'");
});

describe("an inquiry's charge with chargebacks", () => {
  it("is written beside another on the same lock key", async () => {
    // The row's trigger takes the charge's key shared and its chargebacks take it exclusively:
    // two writers that both held it shared each waited for the other, and PostgreSQL aborted one
    // ("deadlock detected"). The writer takes the key exclusively first now.
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM (SELECT 'rc-dl-' || g AS id FROM generate_series(1, 2000) g) x
        WHERE hashtext(id) & 255 = (SELECT hashtext('rc-dl-1') & 255) ORDER BY id LIMIT 2`,
    );
    const ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(2);
    const blocker = await pool.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("SELECT pg_advisory_xact_lock(hashtext('report_buckets.disputed'), hashtext($1) & 255)", [
        ids[0],
      ]);
      const inquiry = (id: string) =>
        inTransaction((tx) =>
          recordTransaction(
            chargeSchema.parse({
              object: "charge",
              id,
              reference: `r-${id}`,
              amount: 1000,
              currency: "USD",
              status: "succeeded",
              amount_captured: 1000,
              amount_refunded: 0,
              payment: { method: "card" },
              time_created: Date.parse("2026-03-12T08:00:00Z") / 1000,
              captures: { data: [] },
              refunds: { data: [] },
              chargebacks: {
                data: [{ id: `${id}-cb`, amount: 1000, currency: "USD", status: "Notification of Claim" }],
              },
            }),
            { source: "inquiry", summary: said("refreshed", { actor: "test" }) },
            tx,
          ),
        );
      // Both wait behind the blocker, then go at once.
      const both = Promise.allSettled(ids.map(inquiry));
      // Until both wait on the key: one that came late would queue behind the other's exclusive wait.
      for (let waiting = 0; waiting < 2; ) {
        await new Promise((r) => setTimeout(r, 50));
        const { rows: w } = await pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objsubid = 2 AND objid::int = hashtext($1) & 255",
          [ids[0]],
        );
        waiting = w[0]!.n;
      }
      await blocker.query("COMMIT");
      const settled = await both;
      expect(settled.map((s) => (s.status === "rejected" ? String(s.reason) : "written"))).toEqual([
        "written",
        "written",
      ]);
    } finally {
      blocker.release();
    }
    const { rows: cbs } = await pool.query("SELECT count(*)::int AS n FROM chargebacks WHERE charge_id = ANY($1)", [
      ids,
    ]);
    expect(cbs[0].n).toBe(2);
  }, 60_000);
});
