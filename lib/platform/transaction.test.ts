import { afterAll, describe, expect, it } from "vitest";
import { closeDb, inTransaction, pool } from "./db";

// The money writers' transaction (ADR 0021), on the real database.

afterAll(closeDb);

describe("inTransaction", () => {
  it("holds no row past Prisma's old limits: a statement or a pause of ours ends at 30 s, inside it only", async () => {
    const inside = await inTransaction(async (c) => {
      const timeout = (await c.query("SHOW statement_timeout")).rows[0].statement_timeout;
      const idle = (await c.query("SHOW idle_in_transaction_session_timeout")).rows[0];
      return [timeout, idle.idle_in_transaction_session_timeout];
    });
    expect(inside).toEqual(["30s", "30s"]);
    const client = await pool.connect();
    try {
      expect((await client.query("SHOW statement_timeout")).rows[0].statement_timeout).toBe("0");
    } finally {
      client.release();
    }
  });

  it("rolls back whole when its work throws, and the error is the caller's", async () => {
    const refused = new Error("refused by the work");
    await expect(
      inTransaction(async (c) => {
        await c.query("CREATE TABLE transaction_test_probe (id int)");
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect((await pool.query("SELECT to_regclass('transaction_test_probe') AS t")).rows[0].t).toBeNull();
  });
});
