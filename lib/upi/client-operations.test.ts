import { beforeEach, describe, expect, it } from "vitest";
import { createUpiClient, type UpiClient } from "./client";
import { UpiError } from "./errors";
import { card, config, newManager, ref, setUpClientSandbox } from "@/test/upi-harness";

// Against the sandbox over HTTP and the real PostgreSQL that `npm test` starts.

setUpClientSandbox();

describe("every operation round-trips through its schema", () => {
  let upi: UpiClient;
  beforeEach(() => {
    upi = createUpiClient(config, newManager());
  });

  it("charges, confirms, captures, refunds, cancels and inquires", async () => {
    const charge = await upi.createCharge({
      transaction: { reference: ref("c"), amount: 1999, currency: "USD", country: "US" },
      payment: { method: "card", data: card },
    });
    expect(charge).toMatchObject({
      status: "authorized",
      amount: 1999,
      amount_captured: null,
      payment: { data: { pan: "411111******1111" } },
    });
    const capture = await upi.capture({ id: charge.id, reference: ref("cap"), transaction_amount: 1500 });
    expect(capture).toMatchObject({ amount: 1500, status: "succeeded" });
    const refund = await upi.refund({ id: charge.id, reference: ref("r"), amount: 500, note: "consumer requested" });
    expect(refund).toMatchObject({ amount: 500, status: "succeeded" });
    const inquired = await upi.getTransaction(charge.id);
    expect(inquired).toMatchObject({ status: "succeeded", amount_captured: 1500, amount_refunded: 500 });
    expect("captures" in inquired && inquired.captures).toHaveLength(1);
    expect((await upi.getTransaction(refund.id)).object).toBe("refund");

    const other = await upi.createCharge({
      transaction: { reference: ref("c"), amount: 700, currency: "JPY" },
      payment: { method: "card", data: card },
    });
    expect(await upi.cancel({ id: other.id, reference: ref("x") })).toMatchObject({ status: "canceled", amount: 700 });

    const reference = ref("later");
    const pending = await upi.createCharge({ transaction: { reference, amount: 1000, currency: "USD" } });
    expect(pending).toMatchObject({ status: "initiated", charge_token: expect.any(String) });
    const confirmed = await upi.confirmCharge(pending.charge_token!, {
      transaction: { reference, amount: 1100, currency: "USD" },
      payment: { method: "card", data: card },
    });
    expect(confirmed).toMatchObject({ status: "authorized", amount: 1100 });

    const redirect = await upi.createCharge({
      transaction: { reference: ref("ali"), amount: 5000, currency: "USD" },
      payment: { method: "alipay", client: ["desktop"] },
    });
    expect(redirect.payment?.client?.map((l) => l.format)).toEqual(["redirect", "qr"]);
    expect(redirect.payment?.client?.[1]).toMatchObject({
      method: "GET",
      content: expect.stringContaining("/__sandbox/pay/"),
    });
  });

  it("manages vault tokens and consults", async () => {
    const added = await upi.vaultAdd({
      reference: ref("v"),
      payment: { method: "card", data: card },
      consumer: { reference: "cust-7" },
    });
    expect(added).toMatchObject({ status: "active", token: expect.stringMatching(/^vt_/) });
    expect((await upi.vaultList()).map((v) => v.token)).toContain(added.token);
    expect((await upi.vaultGet(added.token)).status).toBe("active");
    expect((await upi.vaultDelete(added.token)).status).toBe("deleted");
    const consult = await upi.consult({ method: "card", amount: 12000, currency: "USD" });
    expect(consult.installments).toHaveLength(3);
    expect(
      (await upi.consult({ method: "alipay+", amount: 20000, currency: "USD" })).promotions[0]?.discount_code,
    ).toBe("SANDBOX5");
  });

  it("sends the provider's own optional fields instead of refusing them (the real service accepted each)", async () => {
    const reference = ref("accepted");
    const charge = await upi.createCharge({
      transaction: { reference, amount: 2500, currency: "USD", country: "US", country_accelerator: "US" },
      payment: { method: "paypal", indicator: "3ds1", cof: { type: "initial" }, check: true },
      goods: { billing: { name: "Ana Lee" } },
      billing_address: { street: "1 Main St", city: "Springfield", country: "US" },
    } as never);
    expect(charge).toMatchObject({ reference, status: "initiated", payment: { method: "paypal" } });
    const card2 = await upi.createCharge({
      transaction: { reference: ref("c"), amount: 700, currency: "USD" },
      payment: { method: "card", data: card },
    });
    // A cancel naming both the id and the charge's reference: the provider took it.
    expect(
      await upi.cancel({ id: card2.id, transaction_reference: card2.reference, reference: ref("x") }),
    ).toMatchObject({ id: card2.id, status: "canceled" });
  });

  it("refuses to send a malformed request", async () => {
    await expect(upi.refund({ reference: "r" } as never)).rejects.toMatchObject({
      code: "4000",
      message: expect.stringContaining("Bad request"),
    });
    await expect(
      upi.createCharge({ transaction: { reference: "x", amount: 19.99, currency: "USD" } }),
    ).rejects.toBeInstanceOf(UpiError);
  });
});
