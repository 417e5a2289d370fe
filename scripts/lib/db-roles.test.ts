import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgConfigFromUrl } from "../../lib/platform/db-url";
import { grantAppRole } from "./db-roles";

// The documented production role setup, applied to the migrated test database: the
// application's role can write its data and append to the audit log, and nothing more.
const role = `console_app_${randomBytes(4).toString("hex")}`;
let owner: pg.Client;

async function asApp<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  await owner.query("BEGIN");
  try {
    await owner.query(`SET LOCAL ROLE ${role}`);
    return await fn(owner);
  } finally {
    await owner.query("ROLLBACK");
  }
}

const refused = (fn: (c: pg.Client) => Promise<unknown>) =>
  asApp(fn).then(
    () => "allowed",
    (e: Error) => e.message,
  );

describe("application database role", () => {
  beforeAll(async () => {
    owner = new pg.Client(pgConfigFromUrl(process.env.DATABASE_URL!));
    await owner.connect();
    await owner.query(`CREATE ROLE ${role} NOLOGIN`);
    await grantAppRole(owner, role);
  });
  afterAll(async () => {
    await owner.query(`DROP OWNED BY ${role}`);
    await owner.query(`DROP ROLE ${role}`);
    await owner.end();
  });

  it("appends to the audit log and reads it", async () => {
    const id = await asApp(async (c) => {
      const { rows } = await c.query(
        "INSERT INTO audit_log (action, result) VALUES ('test.append', 'ok') RETURNING id",
      );
      return (await c.query("SELECT id FROM audit_log WHERE id = $1", [rows[0].id])).rows[0]?.id;
    });
    expect(id).toBeDefined();
  });

  it("cannot rewrite, delete, truncate or switch off the audit trail's triggers", async () => {
    await owner.query("INSERT INTO audit_log (action, result) VALUES ('test.keep', 'ok')");
    expect(await refused((c) => c.query("UPDATE audit_log SET result = 'forged' WHERE action = 'test.keep'"))).toMatch(
      /permission denied/,
    );
    expect(await refused((c) => c.query("DELETE FROM audit_log WHERE action = 'test.keep'"))).toMatch(
      /permission denied/,
    );
    expect(await refused((c) => c.query("TRUNCATE audit_log"))).toMatch(/permission denied/);
    expect(await refused((c) => c.query("ALTER TABLE audit_log DISABLE TRIGGER ALL"))).toMatch(/must be owner/);
    expect(await refused((c) => c.query("DROP TRIGGER audit_log_no_update_delete ON audit_log"))).toMatch(
      /must be owner/,
    );
    expect(
      await refused((c) =>
        c.query(
          "INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at) VALUES ('x', 'x', 'x', now())",
        ),
      ),
    ).toMatch(/permission denied/);
  });

  it("reads and writes the console's own data, including tables a later migration adds", async () => {
    expect(
      await refused((c) => c.query("INSERT INTO settings (key, value, updated_at) VALUES ('roleTest', '1', now())")),
    ).toBe("allowed");
    await owner.query("CREATE TABLE role_test_later (id serial PRIMARY KEY, v text)");
    try {
      expect(await refused((c) => c.query("INSERT INTO role_test_later (v) VALUES ('ok')"))).toBe("allowed");
    } finally {
      await owner.query("DROP TABLE role_test_later");
    }
  });
});
