import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";
import { sandboxCall, sandboxControl } from "./support/sandbox";
import { runJobUntil } from "./support/jobs";
import { sql } from "./support/users";

// What the provider changes without telling anyone reliably, followed by the console's
// minute job (not by an open page): a hosted payment link paid while nobody looks, and a
// customs sub-order whose status moves as the sandbox clock advances. The job is run now
// (runJobUntil) rather than awaited at the minute; e2e/scale-out-jobs.spec.ts proves the schedule.
const run = Date.now().toString(36);

test.describe.configure({ mode: "serial" });

test.describe("followed by the job (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a hosted link paid on the sandbox page with nobody watching lands in the ledger with the service's paid time", async ({
    page,
    request,
    baseURL,
  }) => {
    const headers = { Origin: baseURL!, "Idempotency-Key": randomUUID() };
    // The service's clock runs three hours ahead of the console's: the paid time must be the service's.
    await sandboxControl("POST", "/__sandbox/clock/advance", { seconds: 3 * 3600 });
    try {
      const res = await request.post("/api/payment-links", {
        headers,
        data: { kind: "hosted", vendor: "alipay", amount: 10_000, currency: "USD", reference: `e2e-follow-${run}` },
      });
      expect(res.status()).toBe(201);
      const link = await res.json();
      expect(link.url).toContain("?q=");
      // The notification is lost: only the job can learn that it was paid.
      await sandboxControl("PUT", "/__sandbox/webhooks/faults", { mode: "drop", count: 3 });
      const customer = await page.context().browser()!.newPage();
      await customer.goto(link.url);
      await customer.getByRole("button", { name: /Pay 100\.00 USD/ }).click();
      await expect(customer.getByText("Payment completed")).toBeVisible();
      await customer.close();

      // Nobody has /payment-links open: the list reads the database only.
      const stored = async () =>
        (
          (await (await request.get("/api/payment-links")).json()).links as Array<{
            id: string;
            status: string;
            completedAt: string | null;
            transactionId: string | null;
          }>
        ).find((l) => l.id === link.id)!;
      // A link checked in the last 55 s is not asked about again: as if that minute had passed.
      await runJobUntil("follow", async () => {
        await sql("UPDATE payment_links SET checked_at = checked_at - interval '1 minute' WHERE id = $1", [link.id]);
        expect((await stored()).status).toBe("succeeded");
      });
      const paid = await stored();
      expect(new Date(paid.completedAt!).getTime()).toBeGreaterThan(Date.now() + 2 * 3600_000);
      await page.goto(`/transactions/${encodeURIComponent(paid.transactionId!)}`);
      await expect(page.getByText("Paid through the payment link")).toBeVisible();
      await expect(page.getByTestId("amounts")).toContainText("$100.00");
    } finally {
      await sandboxControl("PUT", "/__sandbox/webhooks/faults", { mode: "none" });
      await sandboxControl("POST", "/__sandbox/clock/reset");
    }
  });
});

test.describe("filled by the job (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a charge made at the service and heard only from its notification is found by its last four and e-mail, nobody pressing Refresh", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const email = `heard-${run}@shop.example`;
    const added = await request.post("/api/vault", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: {
        card: { pan: "5555555555554444", expiry: "12/30", cvv: "123", firstName: "Mei", lastName: "Lin" },
        consumer: { email, reference: `heard-cust-${run}` },
      },
    });
    expect(added.status()).toBe(201);
    const { token } = (await added.json()).token as { token: string };
    // Another channel of the merchant's charges the stored card; the console hears of it only by notification.
    const reference = `e2e-heard-${run}`;
    const c = await sandboxCall("POST", "/v1/charges", {
      transaction: { reference, amount: 6_400, currency: "EUR", country: "DE", auto_capture: true },
      payment: { method: "card", token },
      urls: { ipn: `${baseURL}/api/webhooks/upi` },
    });
    const listed = async (q: string) =>
      ((await (await request.get(`/api/transactions?q=${encodeURIComponent(q)}`)).json()).rows as { id: string }[]).map(
        (r) => r.id,
      );
    // The notification is the service's to send: under a loaded CI machine it has taken over 20 s.
    await expect.poll(() => listed(reference), { timeout: 40_000 }).toContain(c.id);
    const byEmailFirst = (await listed(email)).includes(c.id); // checked below, once the case says whether the job ran
    // A dispute on it arrives the same way: its case knows neither card nor customer until the
    // follow job (scheduled each minute) has filled the charge, which may be before this reads it.
    const dispute = await sandboxControl("POST", "/__sandbox/chargebacks", { charge_id: c.id });
    await expect(async () => {
      await page.goto(`/chargebacks/${dispute.id}`);
      await expect(page.getByTestId("customer")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 40_000 });
    if ((await page.getByTestId("customer").textContent())?.trim() === "—") {
      // The job had not run when the e-mail was searched either: the notification alone names no customer.
      expect(byEmailFirst, "found by its e-mail before the job filled it").toBe(false);
      await expect(page.getByTestId("paid-with")).not.toContainText("4444");
    } else expect(await listed(email), "the job filled it already").toContain(c.id);

    await runJobUntil("follow", async () => expect(await listed(email)).toContain(c.id));
    expect(await listed("4444")).toContain(c.id);
    await page.reload();
    await expect(page.getByTestId("paid-with")).toContainText("555555******4444");
    await expect(page.getByTestId("customer")).toContainText(`heard-cust-${run}`);
    await expect(page.getByTestId("customer")).toContainText(email);
    await page.goto(`/transactions?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("main").getByText(reference).first()).toBeVisible();
    await page.goto(`/transactions/${encodeURIComponent(c.id)}`);
    await expect(page.getByText("Card, country and customer asked of the payment service")).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
  });
});

test.describe("followed by the job (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("a customs sub-order moves to SUCCESS by the job as the sandbox clock advances, and the page says when it was checked", async ({
    page,
    request,
    baseURL,
  }) => {
    const c = await sandboxCall("POST", "/v1/charges", {
      transaction: { reference: `e2e-fol-${run}`, amount: 5000, currency: "CNY", country: "CN", auto_capture: true },
      payment: { method: "alipay" },
    });
    await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
    expect(
      (await request.post("/api/transactions/import", { headers: { Origin: baseURL! }, data: { id: c.id } })).status(),
    ).toBe(201);
    const res = await request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": `e2e-fol-${run}` },
      data: {
        transactionId: c.id,
        vendor: "alipay",
        paymentType: "Online",
        merchantCustomsCode: "1234567890",
        merchantCustomsName: "Demo Trading",
        customsLocation: "HANGZHOU",
      },
    });
    expect(res.status()).toBe(202);
    const { declaration } = await res.json();
    await page.goto(`/customs/${declaration.id}`);
    const sub = page.getByTestId("sub-order").first();
    await expect(sub.getByTestId("state")).toHaveText("submitted", { timeout: 30_000 });
    await expect(sub.getByTestId("checked-at")).toContainText("not yet");
    await sandboxControl("POST", "/__sandbox/clock/advance", { seconds: 31 * 60 });
    try {
      // Nobody presses Inquire: the job asks a minute after submission (here: made due now).
      await sql("UPDATE customs_sub_orders SET next_check_at = now() WHERE declaration_id = $1", [declaration.id]);
      await runJobUntil("follow", async () => {
        await page.reload();
        await expect(sub.getByTestId("customs-status")).toContainText("SUCCESS", { timeout: 1_000 });
      });
      await expect(sub.getByTestId("checked-at")).not.toContainText("not yet");
      await expect(sub.getByTestId("checked-at")).toContainText("final: no more checks");
    } finally {
      await sandboxControl("POST", "/__sandbox/clock/reset");
    }
  });
});
