import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { deleteSecret, readSecret, SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { eventsOf, onlyNewPeople, person } from "@/test/notified";
import { followPaymentLink } from "./follow";
import { markLinkFromNotification } from "./notification";

// Issue 35: a payment link paid, or expired unpaid, tells its creator, once; written by the
// transaction that records it (a rolled-back notification tells no one).

const link = (createdBy: string, expiresAt: Date | null = null) => {
  const reference = `told-${randomUUID().slice(0, 8)}`;
  return db.paymentLink.create({
    data: {
      kind: "hosted",
      vendor: "alipay",
      reference,
      amount: 10_000n,
      currency: "USD",
      url: `https://pay.example/${reference}`,
      status: "initiated",
      createdBy,
      expiresAt,
    },
  });
};

async function notified(reference: string, fail = false) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const at = new Date();
    await markLinkFromNotification(client, {
      reference,
      transactionId: `ch_${reference}`,
      status: "succeeded",
      cnyFen: null,
      at,
    });
    if (fail) throw new Error("the cause failed");
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    if (!fail) throw error;
  } finally {
    client.release();
  }
}

beforeEach(async () => {
  await db.notificationEvent.deleteMany();
  await onlyNewPeople("finance");
});

describe("payment link events", () => {
  it("paid: its creator, once, however often the notification comes", async () => {
    const [creator] = [await person("finance"), await person("finance")];
    const l = await link(creator.email);
    await notified(l.reference, true);
    expect(await db.notificationEvent.count()).toBe(0);
    await notified(l.reference);
    await notified(l.reference);
    expect(await eventsOf("paymentLinkPaid")).toEqual([
      {
        params: { reference: l.reference, amountMinor: 10_000, currency: "USD", charge: `ch_${l.reference}` },
        link: `/payment-links?q=${l.reference}`,
        to: [creator.id],
      },
    ]);
  });

  it("expired unpaid: its creator, once", async () => {
    const creator = await person("finance");
    // The follow job opens its customs client (nothing is asked of it: the link has no query token).
    const had = await readSecret(SECRET_NAMES.customsToken);
    if (!had) await writeSecret(SECRET_NAMES.customsToken, "test-customs-token");
    onTestFinished(async () => {
      if (!had) await deleteSecret(SECRET_NAMES.customsToken);
    });
    const l = await link(creator.email, new Date(Date.now() - 1000));
    expect(await followPaymentLink(l.id, { fresh: 0 })).toMatchObject({ status: "expired" });
    await followPaymentLink(l.id, { fresh: 0 });
    expect(await eventsOf("paymentLinkExpired")).toEqual([
      {
        params: { reference: l.reference, amountMinor: 10_000, currency: "USD" },
        link: `/payment-links?q=${l.reference}`,
        to: [creator.id],
      },
    ]);
  });
});
