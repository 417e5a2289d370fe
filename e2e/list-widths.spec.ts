import { expect, type Locator, type Page, test } from "@playwright/test";
import type { Role } from "../lib/platform/auth/permissions";
import { ROLE_USERS, storageStateFor } from "./support/users";
import { removeListRows, type SeededRows, seedListRows } from "./support/list-rows";

// Issue 20, "key columns and buttons are cut off": at work widths, the first row of every list
// shows what identifies it, its amount, its status and its actions without scrolling sideways.
// Located by their text, not the table's markup, so the same checks run against any layout.

const run = Date.now().toString(36);
let rows: SeededRows;

test.beforeAll(async () => {
  rows = await seedListRows(run);
});
test.afterAll(async () => {
  if (rows) await removeListRows(rows);
});

type Probe = { name: string; at: (row: Locator) => Locator };
type List = { list: string; role: Role; url: () => string; row: (page: Page) => Locator; probes: Probe[] };

const text = (name: string, value: () => string | RegExp): Probe => ({
  name,
  at: (row) => row.getByText(value(), { exact: typeof value() === "string" }).first(),
});
const button = (name: string, label: string | RegExp): Probe => ({
  name,
  at: (row) => row.getByRole("button", { name: label }).first(),
});
const amount = text("amount", () => "$1,234.56");

const LISTS: List[] = [
  {
    list: "transactions",
    role: "finance",
    url: () => `/transactions?q=${rows.charge}`,
    row: (page) => page.getByTestId("transaction-row").first(),
    probes: [text("id", () => rows.charge), amount, text("status", () => "succeeded")],
  },
  {
    list: "users",
    role: "admin",
    url: () => "/users",
    row: (page) => page.getByTestId(`user-row-${ROLE_USERS.ops.email}`),
    probes: [
      text("name", () => ROLE_USERS.ops.name),
      text("status", () => "Active"),
      button("disable", "Disable"),
      button("reset", "Reset password"),
    ],
  },
  {
    list: "webhook inbox",
    role: "manager",
    url: () => `/webhooks?q=${rows.charge}`,
    row: (page) => page.getByTestId("notification").first(),
    probes: [
      text("transaction", () => rows.charge),
      amount,
      text("status", () => "succeeded"),
      { name: "replays", at: (row) => row.getByTestId("replays") },
      text("raw", () => "Raw"),
      button("re-apply", "Re-apply"),
    ],
  },
  {
    list: "operations",
    role: "finance",
    url: () => "/operations?status=succeeded",
    row: (page) => page.getByTestId("operations-table").locator("tbody tr").filter({ hasText: rows.operation }),
    probes: [
      text("reference", () => rows.operation),
      text("amount", () => "$25.00"),
      text("status", () => "succeeded"),
    ],
  },
  {
    list: "approvals",
    role: "manager",
    url: () => "/approvals",
    row: (page) => page.getByTestId("approval").filter({ hasText: rows.approvalCharge }),
    probes: [
      text("charge", () => rows.approvalCharge),
      text("amount", () => /\$30\.00/),
      text("status", () => /awaiting approval/i),
      button("approve", /Approve/),
      button("reject", /Reject/),
    ],
  },
  {
    list: "customs",
    role: "manager",
    url: () => `/customs?q=${rows.declaration}`,
    row: (page) => page.getByTestId("declaration").first(),
    probes: [text("reference", () => rows.declaration), amount, text("state", () => "submitted")],
  },
  {
    list: "chargebacks",
    role: "manager",
    url: () => `/chargebacks?q=${rows.chargeback}`,
    row: (page) => page.getByTestId("chargeback").first(),
    probes: [text("charge", () => rows.charge), amount, text("status", () => "Notification of Claim")],
  },
  {
    list: "audit",
    role: "manager",
    url: () => `/audit?action=${rows.action}`,
    row: (page) => page.getByTestId("audit-table").locator("tbody tr").first(),
    probes: [text("action", () => rows.action), amount, text("result", () => "ok")],
  },
  {
    list: "vault",
    role: "manager",
    url: () => `/vault?q=${rows.token}`,
    row: (page) => page.getByTestId("vault-token").first(),
    probes: [
      text("card", () => "411111******1111"),
      text("status", () => /^(active|deleted)$/),
      text("token", () => rows.token),
    ],
  },
  {
    list: "payment links",
    role: "finance",
    url: () => "/payment-links",
    row: (page) => page.getByTestId("payment-link").filter({ hasText: rows.link }),
    // An expired link offers nothing to send (no Copy, no QR code): its actions cell says so.
    probes: [
      text("reference", () => rows.link),
      amount,
      text("status", () => "expired"),
      text("actions", () => "Closed: nothing to send"),
    ],
  },
];

/** How far an element is from being fully shown: its box against the viewport and every box that clips it. */
async function horizontalFit(probe: Locator) {
  return probe.evaluate((el) => {
    const r = el.getBoundingClientRect();
    let left = 0;
    let right = window.innerWidth;
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === "visible") continue;
      const clip = p.getBoundingClientRect();
      left = Math.max(left, clip.left);
      right = Math.min(right, clip.right);
    }
    return { left: Math.round(r.left), right: Math.round(r.right), clipLeft: left, clipRight: right };
  });
}

// Each list loaded once and resized through the work widths: what fits is read at each.
for (const l of LISTS) {
  test.describe(l.list, () => {
    test.use({ storageState: storageStateFor(l.role), viewport: { width: 1440, height: 900 } });

    test("the first row's key cells and actions are on screen at 1024, 1280 and 1440 px without scrolling sideways", async ({
      page,
    }) => {
      await page.goto(l.url());
      for (const width of [1440, 1280, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        const row = l.row(page);
        await expect(row).toBeVisible();
        for (const p of l.probes) {
          const at = p.at(row);
          await expect(at, `${l.list} at ${width}: ${p.name}`).toBeVisible();
          const fit = await horizontalFit(at);
          expect
            .soft(fit.left, `${l.list} at ${width}: ${p.name} starts on screen (${JSON.stringify(fit)})`)
            .toBeGreaterThanOrEqual(fit.clipLeft - 1);
          expect
            .soft(fit.right, `${l.list} at ${width}: ${p.name} ends on screen (${JSON.stringify(fit)})`)
            .toBeLessThanOrEqual(fit.clipRight + 1);
        }
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect.soft(sideways, `${l.list} at ${width}: the page itself does not scroll sideways`).toBeLessThanOrEqual(0);
      }
    });
  });
}

test.describe("seen in issue 20", () => {
  test.use({ storageState: storageStateFor("admin"), viewport: { width: 1440, height: 900 } });

  test("users at 1440: Disable and Reset password sit in view beside the person they act on", async ({ page }) => {
    await page.goto("/users");
    const row = page.getByTestId(`user-row-${ROLE_USERS.ops.email}`);
    for (const at of [
      row.getByText(ROLE_USERS.ops.name),
      row.getByRole("button", { name: "Disable" }),
      row.getByRole("button", { name: "Reset password" }),
    ]) {
      const fit = await horizontalFit(at);
      expect(fit.right, JSON.stringify(fit)).toBeLessThanOrEqual(fit.clipRight + 1);
      expect(fit.left, JSON.stringify(fit)).toBeGreaterThanOrEqual(fit.clipLeft - 1);
    }
  });

  test("the webhook inbox opens a notification's raw body in a readable, full-width view", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/webhooks?q=${rows.charge}`);
    const row = page.getByTestId("notification").first();
    await row.getByText("Raw", { exact: true }).click();
    const raw = page.getByTestId("raw").first();
    await expect(raw).toBeVisible();
    await expect(raw).toContainText('"sign"');
    const box = await raw.boundingBox();
    // Not a 120 px column: at least most of the content column's width.
    expect(box!.width, "the raw body's width").toBeGreaterThan(700);
  });

  test("a list shows its count and the total per currency of the filtered set", async ({ page }) => {
    await page.goto(`/transactions?q=${rows.charge}`);
    await expect(page.getByTestId("list-count")).toHaveText("1 transaction");
    await expect(page.getByTestId("list-totals")).toHaveText("Net (captured − refunded) $1,234.56");
    await page.goto("/webhooks");
    await expect(page.getByTestId("list-count")).toContainText(/^(More than )?\d[\d,]* notifications?$/);
  });
});

test.describe("seen in issue 50", () => {
  test.use({ storageState: storageStateFor("finance"), viewport: { width: 1024, height: 900 } });

  test("transactions at 1024: Type and Reference stay; the method and time make room first", async ({ page }) => {
    await page.goto(`/transactions?q=${rows.charge}`);
    const head = page.getByTestId("transactions-table").locator("thead");
    await expect(page.getByTestId("transaction-row").first()).toBeVisible();
    for (const column of ["type", "reference"])
      await expect(head.locator(`th[data-column="${column}"]`), `${column} at 1024`).toBeVisible();
  });

  test("at 1024 the product's name is one line, and a report's figures sit under their titles", async ({ page }) => {
    await page.goto("/reports");
    const name = await page.getByTestId("product-name").boundingBox();
    expect(name!.height, "the name's height: one line").toBeLessThan(30);
    const table = page.getByTestId("summary");
    await expect(table.locator("tbody tr").first()).toBeVisible();
    const title = await table.locator("thead th").nth(3).boundingBox();
    const figure = await table.locator("tbody tr").first().locator("td").nth(3).boundingBox();
    expect(
      Math.abs(title!.x + title!.width - (figure!.x + figure!.width)),
      "Charged's title over its figure",
    ).toBeLessThan(2);
  });
});
