import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { setUpWebhookSandbox, uid, unknownRefund } from "@/test/webhooks-harness";
import { settleSucceeded } from "./settle";

// A refund the console made shows on its charge in the transaction that records it (issue 48,
// item 13): the list nets each charge by its refunded amount, and the inquiry that refreshes the
// charge afterwards may lag or fail (here the service does not know the charge at all).

setUpWebhookSandbox({ secret: "whsec_settle_test" });

describe("settling a refund the console made", () => {
  it("raises its charge's refunded amount at once, even when the charge cannot be inquired", async () => {
    const r = await unknownRefund(400);
    const result = { id: `rf-${uid()}`, amount: 400, currency: "USD", status: "succeeded" };
    await settleSucceeded(await r.operation(), result as never, "reconciler");
    const charge = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: r.chargeId } });
    expect(Number(charge.amountRefunded)).toBe(400);
    // The charge row shows it: the amount is no longer held back twice from the next refund.
    expect(await r.operation()).toMatchObject({ status: "succeeded", ledgerApplied: true });
    // Settled again (a notification, a second inquiry): never raised twice.
    await settleSucceeded(await r.operation(), result as never, "reconciler");
    expect(Number((await db.ledgerTransaction.findUniqueOrThrow({ where: { id: r.chargeId } })).amountRefunded)).toBe(
      400,
    );
  });
});
