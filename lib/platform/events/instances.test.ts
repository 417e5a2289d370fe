import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { signSha256 } from "@/sandbox/webhooks";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { setCredential } from "@/lib/settings/credentials";
import { updateSettings } from "@/lib/platform/settings/service";
import { CONFIG_TOPICS, publishConfigChange } from "@/lib/platform/events";
import { poll, startInstance, type Instance } from "@/test/instance";
import { staffOf } from "@/test/staff";

// Issue 18 item 3: nothing shared through memory; a change made through one instance
// reaches another within a second. Instance A is this test's own modules; instance B runs in
// a worker thread (its own globalThis, modules, caches, pool and bus) on the same database.

let b: Instance;
const admin: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000a1",
  email: "admin@example.com",
  name: "Ad",
  role: "admin",
});
const client = { ip: "127.0.0.1", userAgent: "vitest" };
let n = 0;

/** A refund notification signed with `secret` over all its keys. */
function note(secret: string) {
  const values = {
    id: `rf-bus-${Date.now()}-${++n}`,
    transaction_type: "refund",
    reference: `ref-${n}`,
    amount: 100,
    currency: "USD",
    status: "success",
    time_created: new Date().toISOString(),
    time_completed: new Date().toISOString(),
    parent_id: `ch-bus-${n}`,
  };
  const fields = Object.keys(values);
  const body: Record<string, string | number> = { ...values, fields: fields.join(",") };
  body.sign = signSha256(body, fields, secret);
  return JSON.stringify(body);
}
const verification = async (secret: string) =>
  (await b.call<{ status: number; verification?: string }>("receive", note(secret))).verification;

beforeAll(async () => {
  b = await startInstance();
}, 30_000);
// A clean slate that every instance hears of, so nothing cached survives from one test to the
// next; and no setting left for the next file (a payment base URL of nowhere).
const cleanSlate = () =>
  db.$transaction([
    db.setting.deleteMany(),
    db.secret.deleteMany(),
    ...Object.values(CONFIG_TOPICS).map((topic) => publishConfigChange(db, topic)),
  ]);
afterAll(async () => {
  await b?.close();
  await cleanSlate();
});
beforeEach(async () => {
  await cleanSlate();
  await writeSecret(SECRET_NAMES.privateKey, "sk_sandbox_default_private_key");
});

describe("two instances on one database", () => {
  it("shares nothing through globalThis but the database pool and Prisma", async () => {
    await b.call("settings");
    await b.call("receive", note("whsec_none"));
    expect((await b.call<string[]>("globals")).sort()).toEqual(["pgPool", "prisma"]);
  });

  it("(a) a setting changed on A is read on B within a second", async () => {
    expect((await b.call<{ upiTimeoutMs: number }>("settings")).upiTimeoutMs).toBe(15_000);
    await updateSettings({ upiTimeoutMs: 21_000 }, "test");
    const seen = await poll(
      () => b.call<{ upiTimeoutMs: number }>("settings"),
      (s) => s.upiTimeoutMs === 21_000,
    );
    expect(seen.value.upiTimeoutMs).toBe(21_000);
    expect(seen.ms).toBeLessThan(1000);
  });

  it("(b) a webhook secret rotated on A verifies on B within a second", async () => {
    await setCredential("webhook-secret", { value: "whsec_before_rotation" }, actorFor(admin, client));
    expect(await verification("whsec_before_rotation")).toBe("verified");
    expect(await verification("whsec_after_rotation")).toBe("rejected"); // B holds the keys now
    await setCredential("webhook-secret", { value: "whsec_after_rotation" }, actorFor(admin, client));
    const seen = await poll(
      () => verification("whsec_after_rotation"),
      (v) => v === "verified",
    );
    expect(seen.value).toBe("verified");
    expect(seen.ms).toBeLessThan(1000);
    expect(await verification("whsec_before_rotation")).toBe("verified_previous"); // through the rotation's grace period
  });

  it("(c) a new private key set on A makes B drop its access token", async () => {
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    await writeSecret(SECRET_NAMES.accessToken, "tok-made-from-the-old-key", {
      meta: { type: "server", expiry, permission: [], issuedAt: expiry - 3600 },
    });
    expect(await b.call("token")).toBe("tok-made-from-the-old-key");
    expect(await b.call("heldToken")).toBe("tok-made-from-the-old-key");
    await setCredential("private-key", { value: "sk_a_new_private_key" }, actorFor(admin, client));
    const seen = await poll(
      () => b.call("heldToken"),
      (t) => t === null,
    );
    expect(seen.value).toBeNull();
    expect(seen.ms).toBeLessThan(1000);
  });

  it("(c) a payment base URL changed on A makes B drop its access token", async () => {
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    await writeSecret(SECRET_NAMES.accessToken, "tok-for-the-old-address", {
      meta: { type: "server", expiry, permission: [], issuedAt: expiry - 3600 },
    });
    expect(await b.call("token")).toBe("tok-for-the-old-address");
    await updateSettings({ upiBaseUrl: "http://127.0.0.1:4999" }, "test");
    const seen = await poll(
      () => b.call("heldToken"),
      (t) => t === null,
    );
    expect(seen.value).toBeNull();
    expect(seen.ms).toBeLessThan(1000);
  });

  it("(d) B's listening connection killed: it reconnects and then sees a change made while it was down", async () => {
    expect((await b.call<{ upiTimeoutMs: number }>("settings")).upiTimeoutMs).toBe(15_000);
    const { pid } = await b.call<{ pid: number }>("bus");
    expect(pid).toBeGreaterThan(0);
    // One message, run in order by the server: B's connection is gone before the change
    // commits and announces itself, and B is tens of milliseconds away from reconnecting.
    await pool.query(
      `SELECT pg_terminate_backend(${Number(pid)});
       INSERT INTO settings (key, value, updated_at, updated_by) VALUES ('upiTimeoutMs', '22000', now(), 'test');
       SELECT pg_notify('console_config', 'settings');`,
    );
    const back = await poll(
      () => b.call<{ connected: boolean; pid: number | null }>("bus"),
      (s) => s.connected && s.pid !== pid,
      5000,
    );
    expect(back.value.connected).toBe(true);
    expect(back.value.pid).not.toBe(pid);
    expect((await b.call<{ upiTimeoutMs: number }>("settings")).upiTimeoutMs).toBe(22_000);
  });
});
