import { expect, test } from "@playwright/test";
import { sql, storageStateFor } from "./support/users";
import { declareSplit, paidWechatCharge } from "./support/customs";

// Issue 33, journey 4: the transactions list's "Total $412.33" added charges, captures,
// refunds, a canceled charge and unpaid wallet charges; the customs list added each payment's
// amount, whatever Customs did. Totals now say what they sum — net = captured − refunded per
// currency by the home page's own rule, authorized-not-captured apart — and the home's
// "7 days net in CNY" says which payments it converts.

const run = Date.now().toString(36);
const reference = `e2e-tot-${run}`;

/** One ledger row of the order, as the ledger keeps it (a child row names its charge). */
const row = (
  id: string,
  o: {
    type?: string;
    status: string;
    amount: number;
    currency?: string;
    captured?: number;
    parent?: string;
    cny?: number;
    remaining?: number;
    refunded?: number;
  },
) =>
  sql(
    `INSERT INTO ledger_transactions (id, type, reference, method, status, amount, currency, country, amount_captured,
                                      parent_id, cny_amount, amount_authorized_remaining, amount_refunded, time_created, payload, source, updated_at)
     VALUES ($1, $2::"TransactionType", $3, 'card', $4, $5, $6, 'US', $7, $8, $9, $10, $11, now(), '{}', 'test', now())`,
    [
      id,
      o.type ?? "charge",
      reference,
      o.status,
      o.amount,
      o.currency ?? "USD",
      o.captured ?? null,
      o.parent ?? null,
      o.cny ?? null,
      o.remaining ?? null,
      o.refunded ?? null,
    ],
  );
const idOf = (name: string) => `${reference}-${name}`;

test.describe("totals a person can trust (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });
  test.afterAll(async () => {
    await sql("DELETE FROM ledger_transactions WHERE reference = $1", [reference]);
  });

  test("the transactions list nets captured − refunded per currency, authorized apart; the home says which payments its CNY converts", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const [charge, capture, refund, canceled, cancel, unpaid, authorized, chf] = [
      "charge",
      "capture",
      "refund",
      "canceled",
      "cancel",
      "unpaid",
      "authorized",
      "chf",
    ].map(idOf) as [string, string, string, string, string, string, string, string];
    await row(charge, { status: "succeeded", amount: 20_000, captured: 15_000, refunded: 4_000, cny: 142_000 });
    await row(capture, { type: "capture", status: "succeeded", amount: 15_000, parent: charge });
    await row(refund, { type: "refund", status: "succeeded", amount: 4_000, parent: charge });
    await row(canceled, { status: "canceled", amount: 3_333 });
    await row(cancel, { type: "cancel", status: "succeeded", amount: 3_333, parent: canceled });
    await row(unpaid, { status: "initiated", amount: 900 });
    await row(authorized, { status: "authorized", amount: 2_500, remaining: 2_500 });
    await row(chf, { status: "succeeded", amount: 1_000, captured: 1_000, currency: "CHF" });

    await page.goto(`/transactions?q=${reference}`);
    await expect(page.getByTestId("list-count")).toHaveText("8 transactions");
    // Not $412.33-style sums of every row: $150.00 captured − $40.00 refunded.
    await expect(page.getByTestId("list-totals")).toHaveText("Net (captured − refunded) CHF 10.00 · $110.00");
    await expect(page.getByTestId("list-authorized")).toHaveText("Authorized, not captured $25.00");
    // Issue 48, item 13: charges alone still net what was refunded of them; refunds alone say what they refunded.
    await page.goto(`/transactions?q=${reference}&type=charge`);
    await expect(page.getByTestId("list-totals")).toHaveText("Net (captured − refunded) CHF 10.00 · $110.00");
    await page.goto(`/transactions?q=${reference}&type=refund`);
    await expect(page.getByTestId("list-totals")).toHaveText("Refunded $40.00");

    await page.goto("/");
    const basis = page.getByTestId("cny-basis");
    await expect(basis).toContainText("7 days net in CNY: CNY payments as they are.");
    await expect(basis).toContainText(
      /Converted at the CNY amount the payment service gave for each: [^.]*payments? in USD/,
    );
    await expect(basis).toContainText(/Left out, with no CNY amount: [^.]*payments? in CHF/);
  });
});

test.describe("the customs list's total (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("says it sums the CNY declared, not the payments' amounts", async ({ page, request, baseURL }) => {
    const c = await paidWechatCharge(`e2e-tot-cus-${run}`);
    const id = await declareSplit(request, baseURL!, c.id, `${c.reference}-1`);
    await page.goto(`/customs/${id}`);
    await expect(page.getByTestId("sub-order").getByTestId("state")).toHaveText("submitted", { timeout: 20_000 });
    await page.goto(`/customs?q=${encodeURIComponent(c.reference)}`);
    await expect(page.getByTestId("list-count")).toHaveText("1 declaration");
    await expect(page.getByTestId("list-totals")).toHaveText("Declared in CNY, not refused CN¥50.00");
  });
});
