import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { receive } from "./ingest";
import { webhookKeysChanged } from "@/lib/settings/webhook-keys";
import { countStored, STORE_BYTES_PER_MINUTE } from "./rate-limit";
import {
  deliver,
  now,
  sandboxCharge,
  setUpWebhookSandbox,
  signedJson as note,
  stored,
  uid,
  unknownRefund,
  upi,
} from "@/test/webhooks-harness";

// Issue 17 item 2: forged or partly signed notifications never change state; the previous
// secret ends; one sender cannot store without bound. Real PostgreSQL and the sandbox.

setUpWebhookSandbox({ secret: "whsec_security_test" });

const ledger = (id: string) => db.ledgerTransaction.findUnique({ where: { id } });

const refundNote = (o: { id: string; reference: string; parent: string; amount: number; status?: string }) => ({
  id: o.id,
  transaction_type: "refund",
  reference: o.reference,
  amount: o.amount,
  currency: "USD",
  status: o.status ?? "success",
  time_completed: now(),
  time_created: now(),
  payment_method: "card",
  parent_id: o.parent,
});

describe("forged notifications (item 2a)", () => {
  it("rejects a 32-hex sign while the webhook secret is set and no API token is stored; the open refund stays open", async () => {
    const op = await unknownRefund();
    const other = await sandboxCharge(800);
    const realRefund = await upi("/v1/refunds", { id: other.id, reference: `other-${uid()}`, amount: 300 });
    const forged = JSON.parse(
      note(
        refundNote({ id: realRefund.id, reference: op.reference, parent: op.chargeId, amount: 500, status: "fail" }),
      ),
    );
    forged.sign = "0123456789abcdef0123456789abcdef";
    const r = await deliver(JSON.stringify(forged));
    expect(r).toMatchObject({ status: 200, verification: "rejected" });
    expect((await stored((r as { id: string }).id)).applyState).toBe("rejected");
    expect((await op.operation()).status).toBe("unknown");
  });

  it("without a webhook secret, confirms by inquiry and takes every value from it: the sender's reference and parent settle nothing", async () => {
    await db.secret.deleteMany({ where: { name: SECRET_NAMES.webhookSecret } });
    webhookKeysChanged();
    const op = await unknownRefund();
    const other = await sandboxCharge(800);
    const ownReference = `other-${uid()}`;
    const realRefund = await upi("/v1/refunds", { id: other.id, reference: ownReference, amount: 300 });
    const r = await deliver(
      note(refundNote({ id: realRefund.id, reference: op.reference, parent: op.chargeId, amount: 500 })),
    );
    expect(r).toMatchObject({ status: 200, verification: "unverifiable" });
    expect((await stored((r as { id: string }).id)).applyState).toBe("confirmed");
    expect((await op.operation()).status).toBe("unknown");
    const row = await ledger(realRefund.id);
    // The spec's refund record names no charge, and no operation of the console has its
    // reference: it is recorded on its own, tied to no charge (least of all the claimed one).
    expect([row?.reference, row?.parentId, Number(row?.amount)]).toEqual([ownReference, null, 300]);
  });
});

describe("partly signed notifications (item 2b)", () => {
  it("applies only the signed keys", async () => {
    const id = uid();
    const values = {
      id,
      transaction_type: "charge",
      reference: `o-${id}`,
      amount: 1000,
      currency: "USD",
      status: "captured",
      time_completed: now(),
      amount_captured: "1000",
    };
    await deliver(note(values, { extra: { amount_refunded: "900", payment_method: "forged" } }));
    const row = await ledger(id);
    expect([row?.status, row?.amountRefunded, row?.method]).toEqual(["succeeded", null, null]);
  });

  it("counts a captured notification with an added unsigned key as a replay of it", async () => {
    const id = uid();
    const values = {
      id,
      transaction_type: "charge",
      reference: `o-${id}`,
      amount: 1000,
      currency: "USD",
      status: "authorized",
      time_completed: now(),
    };
    const first = await deliver(note(values));
    const padded = await deliver(note(values, { extra: { nonce: "1" } }));
    expect(padded).toMatchObject({ status: 200, duplicate: true, id: (first as { id: string }).id });
  });

  it("confirms by inquiry a notification whose signature leaves out reference and amount, and applies the service's values", async () => {
    const charge = await sandboxCharge(2500);
    const claims = {
      id: charge.id,
      transaction_type: "charge",
      reference: "not-theirs",
      amount: 1,
      currency: "USD",
      status: "authorized",
      time_completed: now(),
    };
    const r = await deliver(note(claims, { fields: ["id", "transaction_type", "status", "time_completed"] }));
    const row = await ledger(charge.id);
    expect([row?.status, Number(row?.amount), row?.reference]).toEqual(["succeeded", 2500, charge.reference]);
    const n = await stored((r as { id: string }).id);
    expect([n.applyState, n.reference, n.amount]).toEqual(["confirmed", null, null]);
    expect(r).toMatchObject({ status: 200, verification: "verified", direct: false });
  });

  it("settles an open refund only when the notification is about its charge and its amount", async () => {
    const op = await unknownRefund(500);
    const otherCharge = await unknownRefund(500);
    const wrongCharge = await deliver(
      note(refundNote({ id: `rf-${uid()}`, reference: op.reference, parent: otherCharge.chargeId, amount: 500 })),
    );
    expect((await op.operation()).status).toBe("unknown");
    expect((await stored((wrongCharge as { id: string }).id)).applyDetail).toMatch(/another charge or amount/);
    await deliver(
      note(
        refundNote({ id: `rf-${uid()}`, reference: op.reference, parent: op.chargeId, amount: 400, status: "fail" }),
      ),
    );
    expect((await op.operation()).status).toBe("unknown");
    const resultId = `rf-${uid()}`;
    await deliver(note(refundNote({ id: resultId, reference: op.reference, parent: op.chargeId, amount: 500 })));
    expect(await op.operation()).toMatchObject({ status: "succeeded", resultId });
  });

  it("refuses and records a notification signed outside the replay window", async () => {
    const id = uid();
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const r = await deliver(
      note({
        id,
        transaction_type: "charge",
        reference: `o-${id}`,
        amount: 1000,
        currency: "USD",
        status: "captured",
        time_completed: old,
        time_created: old,
      }),
    );
    expect(await ledger(id)).toBeNull();
    const n = await stored((r as { id: string }).id);
    expect(n.applyState).toBe("expired");
    expect(n.applyDetail).toMatch(/replay window/);
    expect(r).toMatchObject({ status: 200, verification: "verified", direct: false });
  });
});

describe("secrets and storage bounds", () => {
  it("stops accepting the previous webhook secret once it has ended", async () => {
    const values = (id: string) => ({
      id,
      transaction_type: "charge",
      reference: `o-${id}`,
      amount: 1000,
      currency: "USD",
      status: "authorized",
      time_completed: now(),
    });
    await writeSecret(SECRET_NAMES.webhookSecretPrevious, "whsec_old_one", {
      meta: { expiresAt: new Date(Date.now() + 3600_000).toISOString() },
    });
    webhookKeysChanged();
    expect(await deliver(note(values(uid()), { secret: "whsec_old_one" }))).toMatchObject({
      verification: "verified_previous",
    });
    await writeSecret(SECRET_NAMES.webhookSecretPrevious, "whsec_old_one", {
      meta: { expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    webhookKeysChanged();
    const id = uid();
    expect(await deliver(note(values(id), { secret: "whsec_old_one" }))).toMatchObject({ verification: "rejected" });
    expect(await ledger(id)).toBeNull();
  });

  it("refuses with 429, storing nothing, an unverified notification once one address stored its share of bytes for the minute; a verified one is still stored", async () => {
    const ip = `198.51.100.${randomInt(1, 201)}`;
    countStored(ip, STORE_BYTES_PER_MINUTE);
    const id = uid();
    const values = {
      id,
      transaction_type: "charge",
      reference: `o-${id}`,
      amount: 1,
      currency: "USD",
      status: "authorized",
      time_completed: now(),
    };
    const forged = JSON.stringify({ ...JSON.parse(note(values)), sign: "0".repeat(64) });
    expect((await receive({ contentType: "application/json", body: forged, ip })).status).toBe(429);
    expect(await db.webhookNotification.count({ where: { transactionId: id } })).toBe(0);
    expect((await receive({ contentType: "application/json", body: forged, ip: "198.51.100.250" })).status).toBe(200);
    expect(await receive({ contentType: "application/json", body: note(values), ip })).toMatchObject({
      status: 200,
      verification: "verified",
    });
  });
});
