import { expect, test } from "@playwright/test";
import { createUser, sql, storageStateFor } from "./support/users";
import { openSession } from "./support/sessions";
import { sandboxControl } from "./support/sandbox";
import { declareSplit, paidWechatCharge } from "./support/customs";

// Issue 33, journey 3: a sub-order Customs refused (EXCEPT) showed a green "submitted" badge on
// the customs list, the declaration's header and its page, and "submitted" in the CSV, while
// only the home page counted it. The status is the worst of the sub-orders' (lib/declarations/status.ts).

const run = Date.now().toString(36);
const RED = /bg-red-/;

test.describe("a declaration Customs rejected (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("reads 'rejected by Customs' in red on the list, the header, the sub-order and in the CSV", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // The sandbox's Customs rejects (EXCEPT) a sub_order_no ending -EXCEPT once it decides, 30 minutes on.
    const c = await paidWechatCharge(`e2e-rej-${run}`);
    const id = await declareSplit(request, baseURL!, c.id, `${c.reference}-EXCEPT`);
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

    const header = page.getByRole("heading", { level: 1 }).getByTestId("state");
    for (const badge of [header, sub.getByTestId("state")]) {
      await expect(badge).toHaveText("rejected by Customs");
      await expect(badge).toHaveClass(RED);
    }
    await expect(sub.getByTestId("customs-status")).toHaveClass(/text-red-/);
    // Issue 50 item 10: EXCEPT is named with its badge's word (zh-CN had 海关已退单 beside 海关接口异常).
    await expect(sub.getByTestId("customs-status")).toContainText("rejected by Customs (EXCEPT)");

    await page.goto(`/customs?q=${encodeURIComponent(c.reference)}`);
    const row = page.getByTestId("declaration").filter({ hasText: c.reference });
    await expect(row.getByTestId("state")).toHaveText("rejected by Customs");
    await expect(row.getByTestId("state")).toHaveClass(RED);

    const csv = await request.get(`/api/customs/declarations/export.csv?q=${encodeURIComponent(c.reference)}`);
    expect(csv.status()).toBe(200);
    const [head, ...rows] = (await csv.text()).trim().split(/\r?\n/);
    const columns = head!.split(",");
    const line = rows.map((r) => r.split(",")).find((cells) => cells[columns.indexOf("reference")] === c.reference);
    expect(line?.[columns.indexOf("customs_status")]).toBe("EXCEPT");
    expect(line?.[columns.indexOf("status")]).toBe("rejected");

    const zh = await createUser("ops", "zh-rejected");
    await sql("UPDATE users SET locale = 'zh-CN', time_zone = 'Asia/Shanghai' WHERE id = $1", [zh.id]);
    const reader = await page.context().browser()!.newPage();
    await openSession(reader, zh.email, baseURL);
    await reader.goto(`/customs/${id}`);
    await expect(reader.getByTestId("sub-order").getByTestId("state")).toHaveText("海关已退单");
    await expect(reader.getByTestId("sub-order").getByTestId("customs-status")).toContainText("海关已退单（异常）");
    await reader.close();
  });

  test("a sub-order Customs accepted reads 'accepted', not 'submitted', and offers no resubmit", async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const c = await paidWechatCharge(`e2e-acc-${run}`);
    const id = await declareSplit(request, baseURL!, c.id, `${c.reference}-A`);
    await page.goto(`/customs/${id}`);
    const sub = page.getByTestId("sub-order");
    await expect(sub.getByTestId("state")).toHaveText("submitted", { timeout: 20_000 });
    // Not yet decided, a resubmit under a new number is still offered.
    await expect(sub.getByRole("button", { name: "Resubmit or correct…" })).toBeVisible();
    await sandboxControl("POST", "/__sandbox/clock/advance", { seconds: 31 * 60 });
    try {
      await page.getByRole("button", { name: "Inquire status" }).click();
      await expect(sub.getByTestId("customs-status")).toContainText("accepted (SUCCESS)");
    } finally {
      await sandboxControl("POST", "/__sandbox/clock/reset");
    }
    for (const badge of [page.getByRole("heading", { level: 1 }).getByTestId("state"), sub.getByTestId("state")])
      await expect(badge).toHaveText("accepted");
    await expect(sub.getByRole("button", { name: /Resubmit|Correct/ })).toHaveCount(0);
    await page.goto(`/customs?q=${encodeURIComponent(c.reference)}`);
    await expect(page.getByTestId("declaration").filter({ hasText: c.reference }).getByTestId("state")).toHaveText(
      "accepted",
    );
  });
});
