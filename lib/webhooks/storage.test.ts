import { createHash, randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { SECRET_NAMES } from "@/lib/platform/secrets/store";
import { processNotification, receive } from "./ingest";
import { webhookKeysChanged } from "@/lib/settings/webhook-keys";
import { STORE_BYTES_PER_MINUTE } from "./rate-limit";
import { KEPT_BODY_BYTES } from "./stored-body";
import { now, sandboxCharge, setUpWebhookSandbox, signedJson, stored, uid } from "@/test/webhooks-harness";

// Issue 17 review, item 11: the inbox could still fill the disk — the bound counted rows,
// not bytes (6,000 rows of up to ~128 KB a minute per address), rejected bodies were kept
// whole, an IPv6 sender had 2^64 addresses, and a genuine notification could be refused
// because the sender's share was spent by forgeries. Real PostgreSQL and the sandbox.

setUpWebhookSandbox({ secret: "whsec_storage_test" });

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** A /64 no other test run used: the limiter's memory lives as long as the test process. */
const net64 = () => `2001:db8:${randomInt(0xffff).toString(16)}:${randomInt(0xffff).toString(16)}`;

const charge = (id: string) => ({
  id,
  transaction_type: "charge",
  reference: `o-${id}`,
  amount: 1000,
  currency: "USD",
  status: "authorized",
  time_completed: now(),
});
const FORGED = "f".repeat(64);

describe("what the inbox keeps of a notification it cannot verify", () => {
  it("keeps the first 2 KB of a rejected body, the whole body's length and SHA-256, and its fields capped with the essentials", async () => {
    const id = uid();
    const raw = signedJson(charge(id), { sign: FORGED, pad: 60_000 });
    const r = await receive({ contentType: "application/json", body: raw, ip: "198.51.100.20" });
    expect(r).toMatchObject({ status: 200, verification: "rejected" });
    const row = await stored((r as { id: string }).id);
    expect(Buffer.byteLength(row.rawBody)).toBeLessThanOrEqual(KEPT_BODY_BYTES);
    expect(raw.startsWith(row.rawBody)).toBe(true);
    expect([row.bodyTruncated, row.bodyLength, row.bodySha256]).toEqual([true, Buffer.byteLength(raw), sha256(raw)]);
    expect(Buffer.byteLength(JSON.stringify(row.fields))).toBeLessThanOrEqual(KEPT_BODY_BYTES);
    expect(row.fields).toMatchObject({ id, transaction_type: "charge", status: "authorized", reference: `o-${id}` });
  });

  it("still confirms by inquiry an unverifiable notification (no webhook secret) whose body was cut", async () => {
    await db.secret.deleteMany({ where: { name: SECRET_NAMES.webhookSecret } });
    webhookKeysChanged();
    const real = await sandboxCharge(700);
    const r = await receive({
      contentType: "application/json",
      body: signedJson(charge(real.id), { pad: 30_000 }),
      ip: "198.51.100.21",
    });
    expect(r).toMatchObject({ status: 200, verification: "unverifiable" });
    const id = (r as { id: string }).id;
    expect((await stored(id)).bodyTruncated).toBe(true);
    expect(await processNotification(id)).toBe("confirmed");
    const ledger = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: real.id } });
    expect([ledger.status, Number(ledger.amount)]).toEqual(["succeeded", 700]);
  });

  it("keeps a verified notification whole", async () => {
    const raw = signedJson(charge(uid()), { pad: 10_000 });
    const r = await receive({ contentType: "application/json", body: raw, ip: "198.51.100.22" });
    const row = await stored((r as { id: string }).id);
    expect([row.rawBody, row.bodyTruncated, row.bodyLength]).toEqual([raw, false, Buffer.byteLength(raw)]);
  });
});

describe("the per-sender storage budget", () => {
  it("counts bytes across an IPv6 /64, refuses the sprayer with 429, and never refuses the provider's verified notifications", async () => {
    // The budget is per wall-clock minute: a spray that crosses a minute's end (the loop takes
    // 16 s on a busy machine) fills two budgets. Started with at least half a minute to go.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 30_000) await new Promise((r) => setTimeout(r, left + 50));
    const firstMinute = Math.floor(Date.now() / 60_000);
    const net = net64();
    let refused = 0;
    let accepted = 0;
    const ids: string[] = [];
    for (let i = 1; i <= 1000 && refused === 0; i++) {
      const r = await receive({
        contentType: "application/json",
        body: signedJson(charge(uid()), { sign: FORGED, pad: 60_000 }),
        ip: `${net}::${i.toString(16)}`,
      });
      if (r.status === 429) refused++;
      else if (r.status === 200) {
        accepted++;
        ids.push(r.id);
      }
    }
    expect(refused).toBe(1);
    const minutes = Math.floor(Date.now() / 60_000) - firstMinute + 1; // one, unless a machine slower still crossed one
    const rows = await db.webhookNotification.findMany({
      where: { id: { in: ids.map(BigInt) } },
      select: { rawBody: true, fields: true },
    });
    const kept = rows.reduce(
      (sum, r) => sum + Buffer.byteLength(r.rawBody) + Buffer.byteLength(JSON.stringify(r.fields)),
      0,
    );
    expect(kept).toBeLessThanOrEqual(minutes * STORE_BYTES_PER_MINUTE);
    expect(accepted).toBeLessThan(1000);
    // The same network's genuine, verified notification is stored and applied all the same.
    const id = uid();
    const genuine = await receive({
      contentType: "application/json",
      body: signedJson(charge(id)),
      ip: `${net}::ffff`,
    });
    expect(genuine).toMatchObject({ status: 200, verification: "verified", direct: true });
  }, 90_000);
});
