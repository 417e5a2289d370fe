import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { processNotification, receive } from "./ingest";
import {
  now,
  sandboxCharge,
  setUpWebhookSandbox,
  signedJson,
  uid,
  unknownRefund,
  upi,
  type Values,
} from "@/test/webhooks-harness";

// Issue 17 review, item 2: the MD5 (older hosted-payment) scheme is keyed with the customs
// token, which also goes as a bearer token to the customs host. Whoever holds it could sign
// a refund `fail` or a chargeback; such a notification is never applied as it says, only
// confirmed by inquiry with the service's values. Real PostgreSQL and the sandbox.

setUpWebhookSandbox({ secret: "whsec_legacy_test", customsToken: "ct_legacy_test_token" });

const md5Note = (values: Values) => signedJson(values, { scheme: "md5" });

describe("MD5-signed (verified_legacy) notifications", () => {
  it("are never applied directly: a refund `fail` signed with the customs token leaves the open refund alone and the ledger takes the inquiry's values", async () => {
    const { chargeId, reference, id: opId } = await unknownRefund(500);
    const other = await sandboxCharge(800);
    const ownReference = `other-${uid()}`;
    const real = await upi("/v1/refunds", { id: other.id, reference: ownReference, amount: 300 });
    const forged = md5Note({
      id: real.id,
      transaction_type: "refund",
      reference,
      amount: 500,
      currency: "USD",
      status: "fail",
      time_completed: now(),
      time_created: now(),
      parent_id: chargeId,
    });
    const r = await receive({ contentType: "application/json", body: forged, ip: "127.0.0.1" });
    expect(r).toMatchObject({ status: 200, verification: "verified_legacy", direct: false });
    const id = (r as { id: string }).id;
    await processNotification(id);
    expect((await db.operation.findUniqueOrThrow({ where: { id: opId } })).status).toBe("unknown");
    const row = await db.ledgerTransaction.findUnique({ where: { id: real.id } });
    // The inquiry's values, not the sender's: its own reference, amount and status, and not the
    // forged parent_id (the spec's refund record names no parent, and no charge of the console
    // lists this refund, so it is recorded on its own).
    expect([row?.reference, row?.parentId, Number(row?.amount), row?.status]).toEqual([
      ownReference,
      null,
      300,
      "succeeded",
    ]);
    expect((await db.webhookNotification.findUniqueOrThrow({ where: { id: BigInt(id) } })).applyState).toBe(
      "confirmed",
    );
  });

  it("are not applied when the inquiry cannot confirm them (a chargeback the service never opened)", async () => {
    const charge = await sandboxCharge(900);
    const r = await receive({
      contentType: "application/json",
      body: md5Note({
        id: `cb-${uid()}`,
        transaction_type: "chargeback",
        reference: charge.reference,
        amount: 900,
        currency: "USD",
        status: "Lost",
        time_completed: now(),
        time_created: now(),
        parent_id: charge.id,
      }),
      ip: "127.0.0.1",
    });
    expect(r).toMatchObject({ status: 200, verification: "verified_legacy", direct: false });
    expect(await processNotification((r as { id: string }).id)).toBe("unconfirmed");
    expect(await db.chargeback.count({ where: { chargeId: charge.id } })).toBe(0);
  });
});
