import { describe, expect, it } from "vitest";
import pg from "pg";
import { db } from "@/lib/platform/db";
import { SECRET_NAMES } from "@/lib/platform/secrets/store";
import { importTransaction } from "@/lib/ledger/service";
import { actorFor } from "@/lib/platform/auth/actor";
import { receive } from "./ingest";
import { webhookKeysChanged } from "@/lib/settings/webhook-keys";
import {
  control,
  deliver,
  FORM,
  sandboxCharge,
  setUpWebhookSandbox,
  stored,
  signedJson,
  uid,
  type Values,
} from "@/test/webhooks-harness";
import { staffOf } from "@/test/staff";

setUpWebhookSandbox({ secret: "whsec_unit_test" });

const chargeNote = (id: string, status: string, extra: Values = {}) =>
  signedJson({
    id,
    transaction_type: "charge",
    reference: `order-${id}`,
    amount: 1000,
    currency: "USD",
    status,
    time_completed: new Date().toISOString(),
    time_created: "2026-11-22T10:00:00.000Z",
    payment_method: "card",
    amount_captured: "",
    amount_refunded: "",
    ...extra,
  });
const ledger = (id: string) => db.ledgerTransaction.findUnique({ where: { id }, include: { events: true } });

describe("webhook receiver", () => {
  it("stores ten concurrent replays once and applies them once", async () => {
    const id = uid();
    const body = chargeNote(id, "authorized");
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.status === 200 && !r.duplicate)).toHaveLength(1);
    const stored = await db.webhookNotification.findMany({ where: { transactionId: id } });
    expect(stored.map((s) => [s.duplicates, s.verification, s.applyState])).toEqual([[9, "verified", "applied"]]);
    const row = await ledger(id);
    expect([row?.status, row?.source, row?.events.length]).toEqual(["authorized", "webhook", 1]);
  });

  it("never rolls a charge back when statuses arrive out of order", async () => {
    const id = uid();
    await deliver(chargeNote(id, "captured", { amount_captured: "1000", amount_refunded: "0" }));
    const late = await deliver(chargeNote(id, "authorized"));
    expect((await ledger(id))?.status).toBe("succeeded");
    const stale = await db.webhookNotification.findUniqueOrThrow({
      where: { id: BigInt((late as { id: string }).id) },
    });
    expect(stale.applyState).toBe("stale");
    await deliver(chargeNote(id, "captured", { amount_captured: "1000", amount_refunded: "400" }));
    expect(Number((await ledger(id))?.amountRefunded)).toBe(400);
    await deliver(chargeNote(id, "captured", { amount_captured: "1000", amount_refunded: "100" }));
    expect(Number((await ledger(id))?.amountRefunded)).toBe(400);
  });

  it("applies two first notifications of an unknown charge that race each other", async () => {
    for (let round = 0; round < 5; round++) {
      const id = uid();
      const results = await Promise.all([
        deliver(chargeNote(id, "captured", { amount_captured: "1000" })),
        deliver(chargeNote(id, "authorized")),
      ]);
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect((await ledger(id))?.status).toBe("succeeded");
      const states = (await db.webhookNotification.findMany({ where: { transactionId: id } }))
        .map((n) => n.applyState)
        .sort();
      expect(states).toContain("applied");
      expect(states.every((st) => st === "applied" || st === "stale")).toBe(true);
    }
  });

  it("keeps a notification whose signature fails as rejected, and applies nothing", async () => {
    const id = uid();
    const tampered = chargeNote(id, "captured").replace('"amount":1000', '"amount":1001');
    const r = await deliver(tampered);
    expect(r.status).toBe(200);
    const stored = await db.webhookNotification.findFirstOrThrow({ where: { transactionId: id } });
    expect([stored.verification, stored.applyState]).toEqual(["rejected", "rejected"]);
    expect(await ledger(id)).toBeNull();
    expect((await deliver(chargeNote(id, "captured", {}).replace(/"sign":"\w+"/, '"sign":""'))).status).toBe(200);
    expect(await ledger(id)).toBeNull();
  });

  it("accepts form-encoded notifications and refuses malformed ones with 400", async () => {
    const id = uid();
    const form = new URLSearchParams(
      Object.entries(JSON.parse(chargeNote(id, "authorized"))).map(([k, v]) => [k, String(v)]),
    ).toString();
    expect((await deliver(form, { contentType: FORM })).status).toBe(200);
    expect((await ledger(id))?.status).toBe("authorized");
    expect((await deliver("{not json")).status).toBe(400);
    expect((await deliver(JSON.stringify({ status: "captured" }))).status).toBe(400);
  });

  it("answers 503 when the database is unavailable, then processes the retry once", async () => {
    const id = uid();
    const body = chargeNote(id, "authorized");
    const down = new pg.Pool({ host: "127.0.0.1", port: 1, connectionTimeoutMillis: 500 });
    const refused = await receive({ contentType: "application/json", body, ip: null }, down);
    await down.end();
    expect(refused.status).toBe(503);
    expect(await db.webhookNotification.count({ where: { transactionId: id } })).toBe(0);
    const retried = await deliver(body);
    expect(retried).toMatchObject({ status: 200, duplicate: false });
    await deliver(body);
    expect((await ledger(id))?.events).toHaveLength(1);
  });

  it("confirms by inquiry what it cannot verify, before applying it", async () => {
    await db.secret.deleteMany({ where: { name: SECRET_NAMES.webhookSecret } });
    webhookKeysChanged();
    const charge = await sandboxCharge(2500);
    // The notification claims "authorized"; the service says succeeded, and that is what is applied.
    const r = await deliver(chargeNote(charge.id, "authorized", { amount: 2500 }));
    expect(r).toMatchObject({ status: 200, verification: "unverifiable" });
    const stored = await db.webhookNotification.findFirstOrThrow({ where: { transactionId: charge.id } });
    expect(stored.applyState).toBe("confirmed");
    expect((await ledger(charge.id))?.status).toBe("succeeded");
  });

  it("tracks a chargeback through its statuses, whatever order they arrive in; a final outcome waits for the provider to list it", async () => {
    const chargeId = uid();
    const cb = `cb-${uid()}`;
    const steps = ["Notification of Claim", "Request For Information", "Information Supplied", "Won", "Case Closed"];
    // Inside the replay window: a week-old status would be refused (security.test.ts).
    const day = (i: number) => new Date(Math.floor(Date.now() / 86_400_000 - 5 + i) * 86_400_000).toISOString();
    const notes = steps.map((status, i) =>
      signedJson({
        id: cb,
        transaction_type: "chargeback",
        reference: "order-x",
        amount: 700,
        currency: "EUR",
        status,
        time_created: day(0),
        time_completed: day(i),
        payment_method: "card",
        parent_id: chargeId,
      }),
    );
    const results = [];
    for (const i of [0, 2, 4, 1, 3]) results[i] = await deliver(notes[i]!);
    await deliver(notes[3]!); // a replay
    const row = await db.chargeback.findUniqueOrThrow({
      where: { id: cb },
      include: { history: { orderBy: { at: "asc" } } },
    });
    // Issue 48, item 3: "Won" and "Case Closed" signed by whoever holds the secret are not applied
    // as they say: the provider, asked, knows no such charge, so they wait, unconfirmed.
    expect([row.status, row.outcome, Number(row.amount), row.currency, row.chargeId]).toEqual([
      "Information Supplied",
      null,
      700,
      "EUR",
      chargeId,
    ]);
    expect(row.history.map((h) => h.status)).toEqual(steps.slice(0, 3));
    for (const i of [3, 4]) expect((await stored((results[i] as { id: string }).id)).applyState).toBe("unconfirmed");
  });

  it("takes chargebacks from an inquiry too", async () => {
    const charge = await sandboxCharge(3000);
    await control("/__sandbox/chargebacks", { charge_id: charge.id });
    await importTransaction(
      charge.id,
      actorFor(
        staffOf({ id: "00000000-0000-4000-8000-000000000001", email: "fin@example.com", name: "Fin", role: "finance" }),
      ),
    );
    const rows = await db.chargeback.findMany({ where: { chargeId: charge.id } });
    expect(rows.map((r) => [r.status, Number(r.amount)])).toEqual([["Notification of Claim", 3000]]);
  });
});
