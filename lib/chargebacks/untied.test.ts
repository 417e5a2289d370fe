import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { importTransaction } from "@/lib/ledger/service";
import { control, deliver, now, sandboxCharge, setUpWebhookSandbox, signed, stored } from "@/test/webhooks-harness";
import { pageChargebacks } from "./query";
import { dueChargebacks } from "./queue";
import { tieChargeback } from "./tie";
import { applyChargebackStatus } from "@/lib/ledger/chargebacks";
import { staffOf } from "@/test/staff";

// Issue 30, item 13: a verified chargeback notification whose charge no inquiry lists waited
// forever ("will try again"), invisible to managers, until retention deleted it. It is a
// chargeback all the same: on the list and the managers' home as "not yet tied to a charge",
// tied by hand (audited) or by the first inquiry that lists it. Real PostgreSQL, the sandbox
// over HTTP, notifications signed as the sandbox signs them.

setUpWebhookSandbox({ secret: "whsec_untied_test", customsToken: "ct_sandbox_default" });

const manager: StaffUser = staffOf({
  id: randomUUID(),
  email: `m-${randomUUID().slice(0, 6)}@example.com`,
  name: "Mo",
  role: "manager",
});
const actor = actorFor(manager, { ip: "127.0.0.1", userAgent: "vitest" });

async function untied(currency?: string) {
  const charge = await sandboxCharge(1200);
  const b = await control("/__sandbox/chargebacks", { charge_id: charge.id });
  const r = await deliver(
    signed({
      id: b.id,
      transaction_type: "chargeback",
      reference: charge.reference,
      amount: b.amount,
      currency: currency ?? b.currency,
      status: "Notification of Claim",
      time_completed: now(),
      time_created: now(),
      payment_method: "card",
    }),
  );
  return { charge, b, notification: await stored((r as { id: string }).id) };
}

describe("a chargeback the console cannot tie yet", () => {
  it("is on the list and the managers' home as not yet tied, with what it said", async () => {
    await db.user.create({
      data: { id: manager.id, email: manager.email, name: "Mo", role: "manager", passwordHash: "x" },
    });
    const { charge, b, notification } = await untied();
    expect(notification.applyState).toBe("unconfirmed");
    const row = await db.chargeback.findUniqueOrThrow({ where: { id: b.id } });
    expect([row.chargeId, row.reference, Number(row.amount), row.currency, row.status]).toEqual([
      null,
      charge.reference,
      b.amount,
      b.currency,
      "Notification of Claim",
    ]);
    const listed = (await pageChargebacks({ q: b.id, limit: 50 })).rows;
    expect(listed.map((c) => [c.id, c.chargeId, c.untied])).toEqual([[b.id, null, true]]);
    expect(listed[0]!.respondBy).not.toBeNull();
    const home = await dueChargebacks(1000);
    expect(home.cases.find((c) => c.id === b.id)).toMatchObject({ chargeId: null, untied: true });
  });

  it("is tied by hand by a manager, audited, once", async () => {
    const { charge, b } = await untied();
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, reference, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
       VALUES ($1, 'charge', $2, 'succeeded', 1200, 1200, 'USD', now(), '{}', 'sync', now())`,
      [charge.id, charge.reference],
    );
    await expect(tieChargeback(b.id, "no-such-charge", actor)).rejects.toMatchObject({ name: "NotFound" });
    await tieChargeback(b.id, charge.id, actor);
    expect((await db.chargeback.findUniqueOrThrow({ where: { id: b.id } })).chargeId).toBe(charge.id);
    await expect(tieChargeback(b.id, charge.id, actor)).rejects.toMatchObject({ rule: "chargeback_already_tied" });
    const audits = await db.auditLog.findMany({ where: { targetId: b.id, action: "chargeback.tie" } });
    expect(audits.map((a) => [a.result, a.actorEmail])).toEqual([["ok", manager.email]]);
  });

  // Issue 48, item 6: a blank currency was tied to a JPY charge; an odd one broke every bell.
  it("came without a valid currency: kept and shown, its currency as none, and never tied by hand", async () => {
    for (const odd of ["", "US$", "<b>x</b>"]) {
      const { charge, b, notification } = await untied(odd);
      expect(notification.applyState).toBe("unconfirmed");
      const row = await db.chargeback.findUniqueOrThrow({ where: { id: b.id } });
      expect([row.chargeId, row.currency]).toEqual([null, ""]);
      await pool.query(
        `INSERT INTO ledger_transactions (id, type, reference, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
         VALUES ($1, 'charge', $2, 'succeeded', 1200, 1200, 'JPY', now(), '{}', 'sync', now())`,
        [charge.id, charge.reference],
      );
      await expect(tieChargeback(b.id, charge.id, actor)).rejects.toMatchObject({ rule: "chargeback_no_currency" });
    }
  });

  // Issue 48, item 3: the last admin set a webhook secret, signed "Won" himself, and an open
  // chargeback closed as won. A final outcome stands only as the inquiry of its charge lists it.
  it("a final outcome a signed notification claims is applied only as the inquiry of its charge lists it", async () => {
    const charge = await sandboxCharge(1200);
    await importTransaction(charge.id, actor);
    const b = await control("/__sandbox/chargebacks", { charge_id: charge.id });
    await importTransaction(charge.id, actor); // the case opens, as the provider lists it
    for (const status of ["Won", "Lost", "Case Closed"]) {
      const r = await deliver(
        signed({
          id: b.id,
          transaction_type: "chargeback",
          reference: charge.reference,
          parent_id: charge.id,
          amount: b.amount,
          currency: b.currency,
          status,
          time_completed: now(),
          time_created: now(),
          payment_method: "card",
        }),
      );
      expect((await stored((r as { id: string }).id)).applyDetail, status).not.toMatch(/^Chargeback.*applied/);
      const row = await db.chargeback.findUniqueOrThrow({ where: { id: b.id } });
      expect([row.status, row.closedAt], status).toEqual(["Notification of Claim", null]);
    }
  });

  it("a final outcome the provider lists is applied as signed: Won, then Case Closed, keeping the outcome", async () => {
    const charge = await sandboxCharge(1200);
    await importTransaction(charge.id, actor);
    const b = await control("/__sandbox/chargebacks", { charge_id: charge.id });
    const note = (status: string) =>
      signed({
        id: b.id,
        transaction_type: "chargeback",
        reference: charge.reference,
        parent_id: charge.id,
        amount: b.amount,
        currency: b.currency,
        status,
        time_completed: now(),
        time_created: now(),
        payment_method: "card",
      });
    // The provider moves the case to "Won" (its own notifications go nowhere here).
    while ((await control(`/__sandbox/chargebacks/${b.id}/advance`, { outcome: "Won" })).status !== "Won");
    await deliver(note("Won"));
    expect(await db.chargeback.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({
      status: "Won",
      outcome: "Won",
    });
    await control(`/__sandbox/chargebacks/${b.id}/advance`, {});
    await deliver(note("Case Closed"));
    const row = await db.chargeback.findUniqueOrThrow({ where: { id: b.id } });
    expect([row.status, row.outcome, row.closedAt !== null]).toEqual(["Case Closed", "Won", true]);
  });

  // Issue 48, item 7: tied by hand to A, listed by the inquiry of B, it stayed on A with no sign.
  it("tied by hand to one charge and listed under another: the case shows it, managers are told, one audited move", async () => {
    const { charge, b } = await untied();
    const other = `hand-${randomUUID()}`;
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, reference, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
       VALUES ($1, 'charge', 'another-order', 'succeeded', 1200, 1200, $2, now(), '{}', 'sync', now())`,
      [other, b.currency],
    );
    await tieChargeback(b.id, other, actor);
    await importTransaction(charge.id, actor); // the provider lists it under its own charge
    await importTransaction(charge.id, actor); // twice: told once
    const row = await db.chargeback.findUniqueOrThrow({ where: { id: b.id } });
    expect([row.chargeId, row.listedChargeId]).toEqual([other, charge.id]);
    const told = await db.notificationEvent.findMany({ where: { kind: "chargebackConflict" } });
    expect(told.filter((e) => (e.params as { chargeback: string }).chargeback === b.id)).toHaveLength(1);
    // Moved only to the charge the provider lists, in one audited action.
    await expect(tieChargeback(b.id, other, actor)).rejects.toMatchObject({ rule: "chargeback_already_tied" });
    await tieChargeback(b.id, charge.id, actor);
    const moved = await db.chargeback.findUniqueOrThrow({ where: { id: b.id } });
    expect([moved.chargeId, moved.listedChargeId]).toEqual([charge.id, null]);
    const audits = await db.auditLog.findMany({ where: { targetId: b.id, action: "chargeback.retie" } });
    expect(audits.map((a) => [a.result, a.detail])).toEqual([["ok", { chargeId: charge.id, from: other }]]);
    await importTransaction(charge.id, actor); // listed where it is tied: no conflict again
    expect((await db.chargeback.findUniqueOrThrow({ where: { id: b.id } })).listedChargeId).toBeNull();
    // A reading that lists it elsewhere again, then one that lists it where it is tied: the conflict is over.
    await db.$transaction((tx) =>
      applyChargebackStatus((text, params) => tx.$queryRawUnsafe(text, ...params), {
        id: b.id,
        chargeId: other,
        reference: null,
        amount: BigInt(b.amount),
        currency: b.currency,
        status: "Notification of Claim",
        at: new Date(),
        openedAt: null,
        source: "inquiry",
      }),
    );
    expect((await db.chargeback.findUniqueOrThrow({ where: { id: b.id } })).listedChargeId).toBe(other);
    await importTransaction(charge.id, actor);
    expect((await db.chargeback.findUniqueOrThrow({ where: { id: b.id } })).listedChargeId).toBeNull();
  });

  it("is tied by the first inquiry of its charge that lists it", async () => {
    const { charge, b } = await untied();
    await importTransaction(charge.id, actor);
    expect((await db.chargeback.findUniqueOrThrow({ where: { id: b.id } })).chargeId).toBe(charge.id);
  });
});
