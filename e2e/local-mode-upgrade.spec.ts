import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { call, signInCookie } from "../scripts/lib/walk";
import { withPg } from "../scripts/lib/users";
import { startLauncher } from "./support/local-mode";

// Issue 29: a `.data/pglite` made by the console before it ran a PostgreSQL server (the fixture,
// e2e/fixtures/README.md) is moved into the server on first start, and nothing is lost.

test.describe.configure({ mode: "serial" });
test.setTimeout(420_000);

/** The fixture's .data in a new directory. */
function unpack(): string {
  const dir = mkdtempSync(join(tmpdir(), "console-upgrade-"));
  chmodSync(dir, 0o755); // the database runs as the postgres user when the suite runs as root
  const tar = brotliDecompressSync(readFileSync("e2e/fixtures/pglite-local-data.tar.br"));
  writeFileSync(join(dir, "data.tar"), tar);
  execFileSync("tar", ["xf", "data.tar"], { cwd: dir });
  rmSync(join(dir, "data.tar"));
  return dir;
}

/** Every file of a directory, with its size and digest: "touches nothing" made checkable. */
function fingerprint(dir: string): string {
  const hash = createHash("sha256");
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(`${path.slice(dir.length)}:${readFileSync(path).length}:`).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest("hex");
}

test("an earlier version's PGlite data comes over whole: the same rows, sign-ins and audit trail", async () => {
  const dataDir = unpack();
  const before = fingerprint(join(dataDir, "pglite"));
  const launcher = await startLauncher(dataDir, {
    SECRETS_KEY: readFileSync(join(dataDir, "secrets-key"), "utf8").trim(),
  });
  try {
    // The launcher printed every table's rows before and after.
    expect(launcher.output()).toContain("Rows per table, before and after:");
    expect(launcher.output()).toMatch(/public\.audit_log\s+8\s+8/);
    expect(launcher.output()).toMatch(/public\.ledger_transactions\s+4\s+4/);

    await withPg(launcher.dbUrl, async (c) => {
      const users = await c.query("SELECT email, role FROM users ORDER BY email");
      expect(users.rows).toEqual([
        { email: "admin@example.com", role: "admin" },
        { email: "finance@example.com", role: "finance" },
        { email: "manager@example.com", role: "manager" },
        { email: "ops@example.com", role: "ops" },
      ]);
      const audit = await c.query("SELECT action, result, actor_email FROM audit_log ORDER BY id LIMIT 8");
      expect(audit.rows.map((r) => `${r.action} ${r.result} ${r.actor_email ?? "-"}`)).toEqual([
        "auth.sign_in ok finance@example.com",
        "charge.create ok finance@example.com",
        "charge.create ok finance@example.com",
        "charge.create ok finance@example.com",
        "refund.request ok finance@example.com",
        "refund.outcome succeeded -",
        "auth.sign_in ok ops@example.com",
        "customs.declare ok ops@example.com",
      ]);
      const declarations = await c.query("SELECT count(*)::int AS n FROM customs_declarations");
      expect(declarations.rows[0].n).toBe(1);
    });

    // The demo sign-in of that version works (the password hash came over; what the account
    // still needs, a second factor, is asked for next as for any account).
    const cookie = await signInCookie(launcher.url, "ops@example.com", "demo-ops-pass");
    const me = await call({ base: launcher.url, cookie, email: "ops@example.com" }, "GET", "/api/me");
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe("ops@example.com");
    await withPg(launcher.dbUrl, async (c) => {
      const amounts = await c.query("SELECT amount FROM ledger_transactions ORDER BY amount");
      expect(amounts.rows.map((r) => Number(r.amount))).toEqual([234, 1234, 5678, 9999]);
    });
  } finally {
    expect(await launcher.stop()).toBe(0);
  }
  // Kept, untouched, until the person deletes it; the next start says so and moves nothing again.
  expect(fingerprint(join(dataDir, "pglite"))).toBe(before);
  const again = await startLauncher(dataDir, {
    SECRETS_KEY: readFileSync(join(dataDir, "secrets-key"), "utf8").trim(),
  });
  expect(again.output()).toContain("was moved into");
  expect(again.output()).not.toContain("Rows per table");
  expect(await again.stop()).toBe(0);
  rmSync(dataDir, { recursive: true, force: true });
});

test("a move that cannot be made stops the start with the reason, and leaves the old data as it was", async () => {
  const dataDir = unpack();
  const before = fingerprint(join(dataDir, "pglite"));
  // No registry to fetch the old format's reader from, and no copy of it cached.
  const cache = mkdtempSync(join(tmpdir(), "npm-cache-"));
  await expect(
    startLauncher(dataDir, {
      npm_config_registry: "http://127.0.0.1:9/",
      npm_config_cache: cache,
      npm_config_fetch_retries: "0",
    }),
  ).rejects.toThrow(/could not be moved, and was left as it was: could not fetch @electric-sql\/pglite/);
  expect(fingerprint(join(dataDir, "pglite"))).toBe(before);
  expect(existsSync(join(dataDir, "postgres"))).toBe(false);
  expect(existsSync(join(dataDir, "postgres.moving"))).toBe(false);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
});
