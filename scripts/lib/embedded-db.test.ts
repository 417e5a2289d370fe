import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { startLocalDatabase, UNREACHABLE_HOME } from "./embedded-db";
import { freePort } from "./net";
import { withPg } from "./users";

// Issue 50 item 12: as root with the checkout where the postgres user cannot go (a clone in /root,
// the usual place on a fresh server), `npm start` stopped and asked for a chmod.
const asRoot = process.getuid?.() === 0;
const home = mkdtempSync(join(tmpdir(), "console-root-home-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

it.runIf(asRoot)(
  "as root, a checkout the postgres user cannot reach still starts, and keeps its data",
  async () => {
    chmodSync(home, 0o700); // as /root is
    const dataRoot = join(home, "merchant-console", ".data");
    mkdirSync(dataRoot, { recursive: true });
    const start = async () =>
      startLocalDatabase(dataRoot, { ...process.env, CONSOLE_DB_PORT: String(await freePort()) });

    const first = await start();
    const away = readlinkSync(join(dataRoot, "postgres"));
    try {
      expect(lstatSync(join(dataRoot, "postgres")).isSymbolicLink()).toBe(true);
      expect(away.startsWith(`${UNREACHABLE_HOME}/`)).toBe(true);
      expect(first.notes.join("\n")).toContain(away);
      await withPg(first.url, (c) => c.query("CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)"));
    } finally {
      await first.server.stop();
    }

    const second = await start();
    try {
      expect(readlinkSync(join(dataRoot, "postgres"))).toBe(away);
      await withPg(second.url, async (c) => expect((await c.query("SELECT n FROM kept")).rows).toEqual([{ n: 42 }]));
    } finally {
      await second.server.stop();
      rmSync(dirname(away), { recursive: true, force: true });
    }
  },
  120_000,
);
