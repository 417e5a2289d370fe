import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { getCustoms } from "@/lib/customs";
import { signMd5 } from "@/sandbox/webhooks";
import { control, deliver, FORM, now, setUpWebhookSandbox, signed, stored, uid } from "@/test/webhooks-harness";

// Issue 23 items 1, 2 and 4: notifications as the real service sends them (spec fields
// only, no parent_id; pay-by-link in the older MD5 scheme). Real PostgreSQL, the sandbox
// over HTTP, notifications signed the way the sandbox signs them.

setUpWebhookSandbox({ secret: "whsec_provider_test", customsToken: "ct_sandbox_default" });

describe("pay-by-link notifications (item 1)", () => {
  it("records the payment with its CNY amount and marks its link paid at the reported time", async () => {
    const reference = `link-${uid()}`;
    // A hosted link paid on the sandbox's page: its notification is confirmed by the payment
    // inquiry (MD5 notifications are never applied as they say, lib/webhooks/verify.ts).
    const chop = await (await getCustoms()).chop({
      payment_method: "alipay",
      amount: 2000,
      currency: "USD",
      reference,
      amount_CNY: "yes",
    });
    const id = new URL(chop.url).pathname.split("/").pop()!;
    await control(`/__sandbox/payments/${id}/complete`, {});
    await db.paymentLink.create({
      data: {
        kind: "hosted",
        vendor: "alipay",
        reference,
        amount: 2000n,
        currency: "USD",
        url: chop.url,
        status: "initiated",
        createdBy: "ops@example.com",
      },
    });
    const paidAt = new Date();
    paidAt.setMilliseconds(0);
    const note = signed(
      {
        id,
        reference,
        amount: 2000,
        currency: "USD",
        status: "success",
        vendor: "alipay",
        time_completed: paidAt.toISOString(),
        amount_CNY: "142.00",
      },
      { scheme: "md5" },
    );
    const r = await deliver(note, { contentType: FORM });
    expect(r).toMatchObject({ status: 200, verification: "verified_legacy", direct: false });
    expect((await stored((r as { id: string }).id)).applyState).toBe("confirmed");
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect([
      row.type,
      row.status,
      Number(row.amount),
      Number(row.amountCaptured),
      row.currency,
      Number(row.cnyAmount),
      row.method,
      row.reference,
    ]).toEqual(["charge", "succeeded", 2000, 2000, "USD", 14200, "alipay", reference]);
    expect(row.timeCaptured?.toISOString()).toBe(paidAt.toISOString());
    const link = await db.paymentLink.findUniqueOrThrow({ where: { reference } });
    expect([link.status, link.transactionId, Number(link.cnyAmount), link.completedAt?.toISOString()]).toEqual([
      "succeeded",
      id,
      14200,
      paidAt.toISOString(),
    ]);
    expect((await stored((r as { id: string }).id)).transactionType).toBe("pay_by_link");
  });

  it("rejects a pay-by-link notification signed with anything but the API token", async () => {
    const id = uid();
    const note = signed(
      {
        id,
        reference: `link-${uid()}`,
        amount: 2000,
        currency: "USD",
        status: "success",
        vendor: "alipay",
        time_completed: now(),
      },
      { scheme: "md5" },
    );
    note.sign = signMd5({ ...note }, String(note.fields).split(","), "ct_not_ours");
    expect(await deliver(note)).toMatchObject({ status: 200, verification: "rejected" });
    expect(await db.ledgerTransaction.findUnique({ where: { id } })).toBeNull();
  });
});
