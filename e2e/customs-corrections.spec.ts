import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { sql, storageStateFor } from "./support/users";
import { sandboxControl, sandboxRequests } from "./support/sandbox";
import { declareSplit, paidWechatCharge } from "./support/customs";

// Issue 32, items 5 and 6: a sub-order Customs rejected is corrected from its declaration's
// page (every field Customs may refuse, the order's CNY budget as Customs holds it, one POST
// for a double click), and the three-way match is shown and exported.

const run = Date.now().toString(36);
const SUB_STATE = "SELECT state FROM customs_sub_orders WHERE declaration_id = $1";

test.describe("customs corrections (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("a sub-order Customs rejected, corrected from the page with a new fee and ID number: one POST for a double click, accepted, the budget right before and after", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // The sandbox's Customs rejects (EXCEPT) a sub_order_no ending -EXCEPT once it decides, 30 minutes on.
    const c = await paidWechatCharge(`e2e-corr-${run}`);
    const subOrderNo = `${c.reference}-EXCEPT`;
    const id = await declareSplit(request, baseURL!, c.id, subOrderNo);
    await page.goto(`/customs/${id}`);
    const sub = page.getByTestId("sub-order");
    await expect(sub.getByTestId("state")).toHaveText("submitted", { timeout: 20_000 });
    await sandboxControl("POST", "/__sandbox/clock/advance", { seconds: 31 * 60 });
    try {
      await page.getByRole("button", { name: "Inquire status" }).click();
      await expect(sub.getByTestId("customs-status")).toContainText("EXCEPT");
    } finally {
      await sandboxControl("POST", "/__sandbox/clock/reset"); // the sandbox is shared with later specs
    }
    // Before: Customs holds the rejected 50.00, the whole order.
    await expect(page.getByTestId("order-budget")).toHaveText(
      "CN¥50.00 of CN¥50.00 held by Customs in 1 sub-order · CN¥0.00 left",
    );

    await sub.getByRole("button", { name: "Correct…" }).click();
    await expect(page.locator('form[data-kit-form="loading"]')).toHaveCount(0);
    // Focus is in the form it opened, not lost to the page (issue 50); Cancel gives it back.
    await expect(sub.getByLabel("Sub-order number (sub_order_no)")).toBeFocused();
    await sub.getByRole("button", { name: "Cancel" }).click();
    await expect(sub.getByRole("button", { name: "Correct…" })).toBeFocused();
    await sub.getByRole("button", { name: "Correct…" }).click();
    // Pre-filled with what was sent; the budget counts only what Customs holds besides it.
    await expect(sub.getByLabel("Sub-order number (sub_order_no)")).toHaveValue(subOrderNo);
    await expect(sub.getByLabel("Order fee (CNY, order_fee)")).toHaveValue("50.00");
    await expect(sub.getByLabel("Transport fee (CNY, transport_fee)")).toHaveValue("0.00");
    await expect(sub.getByLabel("Payment type (payment_type)")).toHaveValue("Online");
    await expect(sub.getByTestId("correction-budget")).toHaveText(
      "Customs holds CN¥0.00 of the order's CN¥50.00 besides this sub-order; with this correction CN¥50.00, CN¥0.00 left.",
    );
    // Issue 50 item 10: an emptied fee is not cleared; the page says what is sent instead.
    await sub.getByLabel("Order fee (CNY, order_fee)").fill("");
    await expect(sub.getByText("Left empty, it is not cleared: the CN¥50.00 sent before is sent again.")).toBeVisible();
    await sub.getByLabel("Transport fee (CNY, transport_fee)").fill("");
    await expect(
      sub.getByText("Left empty, it is not cleared: the CN¥0.00 sent before is sent again. To declare none, enter 0."),
    ).toBeVisible();
    await expect(
      sub.getByText("Left empty, duty is left out of what is sent to Customs (only some customs require it)."),
    ).toBeVisible();
    await sub.getByLabel("Order fee (CNY, order_fee)").fill("30.00");
    await sub.getByLabel("Transport fee (CNY, transport_fee)").fill("5.00");
    await sub.getByLabel("Product fee (CNY, product_fee)").fill("25.00");
    await sub.getByLabel("Buyer's name as on the ID (buyer_name)").fill("Wang Fang");
    await sub.getByLabel("ID number (id_number)").fill("110101199003071234");
    await expect(sub.getByTestId("correction-budget")).toHaveText(
      "Customs holds CN¥0.00 of the order's CN¥50.00 besides this sub-order; with this correction CN¥30.00, CN¥20.00 left.",
    );

    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/resubmit")) posts.push(r.headers()["idempotency-key"] ?? "");
    });
    await sub.getByRole("button", { name: "Send the correction" }).dblclick();

    // Accepted by Customs: the same sub-order, re-pushed, SUBMITTED again; the rejected 50.00 no longer counts.
    await expect(sub.getByTestId("customs-status")).toContainText("SUBMITTED", { timeout: 20_000 });
    await expect(sub).toHaveCount(1);
    await expect(sub).toContainText("CN¥30.00");
    await expect(page.getByTestId("order-budget")).toHaveText(
      "CN¥30.00 of CN¥50.00 held by Customs in 1 sub-order · CN¥20.00 left",
    );
    expect(posts).toHaveLength(1);
    const declared = (await sandboxRequests("/chinacustoms/declare")).filter(
      (r) => (r.body as Record<string, string>).sub_order_no === subOrderNo,
    );
    expect(declared).toHaveLength(2); // the first declaration and the one correction
    expect(declared.at(-1)!.body).toMatchObject({
      order_fee: "3000",
      transport_fee: "500",
      product_fee: "2500",
      buyer_name: "Wang Fang",
      id_number: "110101199003071234",
    });
    // The three-way match of a split order: its sub_order_no and Customs's declare_number.
    await expect(sub.getByTestId("match-order-no")).toHaveText(subOrderNo);
    await expect(sub.getByTestId("match-declare-number")).toHaveText(/^D[0-9A-F]{18}$/);
    await expect(sub.getByRole("button", { name: `Copy the three-way match of ${subOrderNo}` })).toBeVisible();
  });

  test("the three-way match of a whole order: the vendor's transaction id and the declare number, on the page and in the CSV", async ({
    page,
    request,
    baseURL,
  }) => {
    const c = await paidWechatCharge(`e2e-match-${run}`);
    expect(
      (await request.post("/api/transactions/import", { headers: { Origin: baseURL! }, data: { id: c.id } })).status(),
    ).toBe(201);
    const created = await request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: {
        transactionId: c.id,
        vendor: "wechatpay",
        paymentType: "Online",
        merchantCustomsCode: "3301960001",
        merchantCustomsName: "Demo Cross-border Trading Co.",
        customsLocation: "HANGZHOU",
      },
    });
    expect(created.status(), await created.text()).toBe(202);
    const id = (await created.json()).declaration.id as string;
    await page.goto(`/customs/${id}`);
    const sub = page.getByTestId("sub-order");
    await expect(sub.getByTestId("state")).toHaveText("submitted", { timeout: 20_000 });
    const declareNumber = (await sub.getByTestId("declare-number").innerText()).trim();
    expect(declareNumber).toMatch(/^D[0-9A-F]{18}$/);
    await expect(sub.getByTestId("three-way-match")).toContainText("vendor transaction id");
    await expect(sub.getByTestId("match-order-no")).toHaveText(c.id);
    await expect(sub.getByTestId("match-declare-number")).toHaveText(declareNumber);

    const csv = await request.get(`/api/customs/declarations/export.csv?q=${encodeURIComponent(c.reference)}`);
    expect(csv.status()).toBe(200);
    const [header, ...rows] = (await csv.text()).trim().split(/\r?\n/);
    const columns = header!.split(",");
    const line = rows.map((r) => r.split(",")).find((cells) => cells[columns.indexOf("reference")] === c.reference);
    expect(line?.[columns.indexOf("match_order_no")]).toBe(c.id);
    expect(line?.[columns.indexOf("declare_number")]).toBe(declareNumber);

    // The resubmit form of a sub-order Customs holds sends once for a double click (and is refused: it would be declared twice).
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/resubmit")) posts.push(r.url());
    });
    await sub.getByRole("button", { name: "Resubmit…" }).click();
    await expect(page.locator('form[data-kit-form="loading"]')).toHaveCount(0);
    await sub.getByRole("button", { name: "Send to Customs" }).dblclick();
    await expect(sub.getByText(/would declare it twice/)).toBeVisible();
    expect(posts).toHaveLength(1);
  });
});

test.describe("customs corrections (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });
  test("sees a rejected sub-order's three-way match but is offered no correction, and the API refuses one", async ({
    page,
    request,
    baseURL,
    playwright,
  }) => {
    const ops = await playwright.request.newContext({ baseURL, storageState: storageStateFor("ops") });
    const c = await paidWechatCharge(`e2e-corr-m-${run}`);
    const id = await declareSplit(ops, baseURL!, c.id, `${c.reference}-1`);
    await ops.dispose();
    await expect
      .poll(async () => (await sql<{ state: string }>(SUB_STATE, [id]))[0]?.state, { timeout: 20_000 })
      .toBe("submitted");
    // Rejected as an inquiry would record it (the clock-driven rejection is the ops test's).
    await sql(
      "UPDATE customs_sub_orders SET customs_status = 'EXCEPT', next_check_at = NULL WHERE declaration_id = $1",
      [id],
    );
    await page.goto(`/customs/${id}`);
    const sub = page.getByTestId("sub-order");
    await expect(sub.getByTestId("customs-status")).toContainText("EXCEPT");
    await expect(sub.getByTestId("match-order-no")).toHaveText(`${c.reference}-1`);
    await expect(page.getByRole("button", { name: "Correct…" })).toHaveCount(0);
    const subId = (await sql<{ id: string }>("SELECT id FROM customs_sub_orders WHERE declaration_id = $1", [id]))[0]!
      .id;
    const res = await request.post(`/api/customs/declarations/${id}/sub-orders/${subId}/resubmit`, {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: { subOrderNo: `${c.reference}-1`, orderFee: 100 },
    });
    expect(res.status()).toBe(403);
  });
});
