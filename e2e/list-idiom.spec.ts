import { expect, type Page, test } from "@playwright/test";
import { ROLE_USERS, storageStateFor } from "./support/users";

// Issue 31: every list reads its URL through one parser map, fetches and refreshes through the
// query cache, says which filter value it cannot use, and keeps saved views, the approvals,
// users and payment links included.
const run = Date.now().toString(36);
// A saved view opens through a server render of the list's page: on a shared machine, more than the default.
test.describe.configure({ timeout: 60_000 });

/** Saves the list's filters now in the URL under `name`, then opens the view from a bare list. */
async function saveAndReopen(page: Page, path: string, name: string) {
  await page.getByRole("button", { name: "Save view" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Save this view" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.goto(path);
  await page.getByRole("button", { name: /^Saved views/ }).click();
  await page.getByRole("link", { name }).click();
  await page.waitForURL(/\?/, { timeout: 30_000 });
}

test.describe("a new payment link (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("shows in the list without a reload or a server render of the page", async ({ page }) => {
    await page.goto("/payment-links");
    await expect(page.getByTestId("payment-links")).toBeVisible();
    await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
    const pageRenders: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path === "/payment-links" && (r.isNavigationRequest() || r.headers().rsc)) pageRenders.push(r.url());
    });
    const reference = `idiom-${run}`;
    await page.getByLabel("Amount").fill("5");
    await page.getByLabel("Reference (optional)").fill(reference);
    const refetch = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/payment-links" && r.request().method() === "GET" && r.ok(),
    );
    await page.getByRole("button", { name: "Create payment link" }).click();
    await refetch;
    await expect(page.getByTestId("payment-link").filter({ hasText: reference })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stillThisDocument?: boolean }).stillThisDocument)).toBe(
      true,
    );
    expect(pageRenders).toEqual([]);
  });

  test("a saved view of the links keeps its filter", async ({ page }) => {
    await page.goto("/payment-links?status=initiated");
    await saveAndReopen(page, "/payment-links", `Open links ${run}`);
    await expect(page).toHaveURL(/\/payment-links\?status=initiated$/);
    await expect(page.getByLabel("Status")).toHaveValue("initiated");
  });
});

test.describe("users (admin)", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("a value the list cannot use is said beside its filter, and the list shows as without it", async ({ page }) => {
    await page.goto("/users?role=boss&q=finance");
    await expect(page.getByTestId("filter-issue-role")).toHaveText(
      "“boss” is not a value this filter takes, so the list ignores it",
    );
    await expect(page.getByLabel("Filter by role")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("filter-issue-q")).toHaveCount(0);
    await expect(page.getByTestId(`user-row-${ROLE_USERS.finance.email}`)).toBeVisible();
  });

  test("a saved view of the users keeps its filter", async ({ page }) => {
    await page.goto("/users?role=ops");
    await expect(page.getByTestId(`user-row-${ROLE_USERS.ops.email}`)).toBeVisible();
    await expect(page.getByTestId(`user-row-${ROLE_USERS.admin.email}`)).toHaveCount(0);
    await saveAndReopen(page, "/users", `Ops people ${run}`);
    await expect(page).toHaveURL(/\/users\?role=ops$/);
    await expect(page.getByTestId(`user-row-${ROLE_USERS.ops.email}`)).toBeVisible();
    await expect(page.getByTestId(`user-row-${ROLE_USERS.admin.email}`)).toHaveCount(0);
  });
});

test.describe("approvals and transactions (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("a saved view of the approvals queue keeps its filter", async ({ page }) => {
    await page.goto("/approvals?currency=JPY");
    await saveAndReopen(page, "/approvals", `Yen refunds ${run}`);
    await expect(page).toHaveURL(/\/approvals\?currency=JPY$/);
    await expect(page.getByLabel("Refund currency")).toHaveValue("JPY");
  });

  test("a currency the transactions list cannot read is named beside the currency filter", async ({ page }) => {
    await page.goto("/transactions?currency=usd");
    await expect(page.getByTestId("filter-issue-currency")).toHaveText(
      "“usd” is not a value this filter takes, so the list ignores it",
    );
    await expect(page.getByTestId("transactions-table")).toBeVisible();
  });
});

/** The page's own renders (a navigation or an RSC request for `path`) from now on; the nav links' prefetches aside. */
function pageRenders(page: Page, path: string) {
  const seen: string[] = [];
  page.on("request", (r) => {
    const headers = r.headers();
    if (new URL(r.url()).pathname !== path || headers["next-router-prefetch"]) return;
    if (r.isNavigationRequest() || headers.rsc) seen.push(r.url());
  });
  return seen;
}

/** The list's page renders from now on, and whether the document is still the one it was (no reload). */
async function watchRenders(page: Page, path: string) {
  await page.evaluate(() => Object.assign(window, { stillThisDocument: true }));
  return {
    renders: pageRenders(page, path),
    sameDocument: () => page.evaluate(() => (window as unknown as { stillThisDocument?: boolean }).stillThisDocument),
  };
}

test.describe("chargebacks and customs declarations (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("a chargeback status the list cannot use is said beside the status filter", async ({ page }) => {
    await page.goto(`/chargebacks?status=Pending&q=idiom-${run}`);
    await expect(page.getByTestId("filter-issue-status")).toHaveText(
      "“Pending” is not a value this filter takes, so the list ignores it",
    );
    await expect(page.getByLabel("Status")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("filter-issue-q")).toHaveCount(0);
    await expect(page.getByTestId("chargebacks-empty")).toHaveText("No chargebacks match these filters.");
  });

  test("filtering the chargebacks is a fetch of the list's route, not a server render of the page", async ({
    page,
  }) => {
    await page.goto("/chargebacks");
    await expect(page.getByTestId("chargebacks")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
    const watch = await watchRenders(page, "/chargebacks");
    await page.getByLabel("Status").selectOption("Won");
    const fetched = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/chargebacks" && new URL(r.url()).searchParams.get("status") === "Won",
    );
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    expect((await fetched).ok()).toBe(true);
    await expect(page).toHaveURL(/\/chargebacks\?status=Won$/);
    // The list keeps its rows until the answer is drawn: retried, not read once.
    await expect(page.getByTestId("chargeback").getByTestId("row-status").filter({ hasNotText: "Won" })).toHaveCount(0);
    expect(await watch.sameDocument()).toBe(true);
    expect(watch.renders).toEqual([]);
  });

  test("a vendor the customs list cannot use is said beside the vendor filter", async ({ page }) => {
    await page.goto("/customs?vendor=paypal&state=failed");
    await expect(page.getByTestId("filter-issue-vendor")).toHaveText(
      "“paypal” is not a value this filter takes, so the list ignores it",
    );
    await expect(page.getByRole("combobox", { name: "Vendor" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("filter-issue-state")).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Sub-order state" })).toHaveValue("failed");
    await expect(page.getByTestId("declarations")).toBeVisible();
  });

  test("filtering the customs declarations is a fetch of the list's route, not a server render of the page", async ({
    page,
  }) => {
    await page.goto("/customs");
    await expect(page.getByTestId("declarations")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
    const watch = await watchRenders(page, "/customs");
    await page.getByRole("combobox", { name: "Vendor" }).selectOption("upop");
    await page.getByRole("combobox", { name: "Customs status" }).selectOption("EXCEPT");
    const fetched = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === "/api/customs/declarations" &&
        new URL(r.url()).searchParams.get("vendor") === "upop",
    );
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    expect((await fetched).ok()).toBe(true);
    await expect(page).toHaveURL(/\/customs\?/);
    const url = new URL(page.url());
    expect([...url.searchParams].sort()).toEqual([
      ["customsStatus", "EXCEPT"],
      ["vendor", "upop"],
    ]);
    await expect(page.getByTestId("export-declarations")).toHaveAttribute(
      "href",
      "/api/customs/declarations/export.csv?vendor=upop&customsStatus=EXCEPT",
    );
    expect(await watch.sameDocument()).toBe(true);
    expect(watch.renders).toEqual([]);
  });

  test("a saved view of the customs declarations keeps its filter", async ({ page }) => {
    await page.goto("/customs?state=failed");
    await saveAndReopen(page, "/customs", `Failed declarations ${run}`);
    await expect(page).toHaveURL(/\/customs\?state=failed$/);
    await expect(page.getByRole("combobox", { name: "Sub-order state" })).toHaveValue("failed");
  });
});

test.describe("the webhook inbox, the audit log and the customer lookup (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });
  const refused = (value: string) => `“${value}” is not a value this filter takes, so the list ignores it`;

  const listFetch = (page: Page, path: string) =>
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === "GET" && r.ok());

  test("the inbox names a result it cannot use beside its filter, and filters through its route", async ({ page }) => {
    await page.goto("/webhooks?state=nonsense");
    await expect(page.getByTestId("filter-issue-state")).toHaveText(refused("nonsense"));
    // The column picker has a "Signature · result" too.
    await expect(page.getByRole("combobox", { name: /^Result/ })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("inbox")).toBeVisible();
    const renders = pageRenders(page, "/webhooks");
    const fetched = listFetch(page, "/api/webhooks");
    await page.getByLabel("Verification").selectOption("rejected");
    await page.getByRole("button", { name: "Filter" }).click();
    await fetched;
    await expect(page).toHaveURL(/\/webhooks\?verification=rejected$/);
    await expect(page.getByTestId("filter-issue-state")).toHaveCount(0);
    expect(renders).toEqual([]);
  });

  test("the audit log names an impossible day and an unknown result, and filters through GET /api/audit", async ({
    page,
    browser,
    baseURL,
  }) => {
    // A refused attempt to find.
    const ops = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
    expect((await ops.request.get("/api/users")).status()).toBe(403);
    await ops.close();
    await page.goto("/audit?from=2026-02-31&result=maybe");
    await expect(page.getByTestId("filter-issue-from")).toHaveText(refused("2026-02-31"));
    await expect(page.getByTestId("filter-issue-result")).toHaveText(refused("maybe"));
    await expect(page.getByTestId("audit-table")).toBeVisible();
    const renders = pageRenders(page, "/audit");
    const fetched = listFetch(page, "/api/audit");
    await page.getByLabel("Result").selectOption("denied");
    await page.getByRole("button", { name: "Filter" }).click();
    await fetched;
    await expect(page).toHaveURL(/\/audit\?result=denied$/);
    await expect(page.getByTestId("filter-issue-from")).toHaveCount(0);
    await expect(page.getByTestId("audit-table").locator("tbody tr").first()).toContainText("denied");
    expect(renders).toEqual([]);
  });

  test("the customer lookup names an address it cannot look up, looks one up through its route, and keeps a view", async ({
    page,
  }) => {
    await page.goto("/customers?email=not-an-email");
    await expect(page.getByTestId("filter-issue-email")).toHaveText(refused("not-an-email"));
    await expect(page.getByTestId("email-matches")).toHaveCount(0);
    const nobody = `nobody-${run}@example.com`;
    const renders = pageRenders(page, "/customers");
    const fetched = listFetch(page, "/api/customers");
    await page.getByLabel("Email").fill(nobody);
    await page.getByRole("button", { name: "Filter" }).click();
    await fetched;
    await expect(page.getByTestId("email-matches")).toHaveText(`No stored card records ${nobody}.`);
    expect(renders).toEqual([]);
    await saveAndReopen(page, "/customers", `Nobody ${run}`);
    await expect(page).toHaveURL(new RegExp(`/customers\\?email=nobody-${run}(@|%40)example\\.com$`));
    await expect(page.getByTestId("email-matches")).toHaveText(`No stored card records ${nobody}.`);
  });
});

test.describe("refund batches (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  // Issue 49: the batches list was a server render with a pager of its own and no filter.
  test("filtered by status from the URL through the list's route, named when refused, and saved as a view", async ({
    page,
  }) => {
    await page.goto("/refund-batches?status=later");
    await expect(page.getByTestId("filter-issue-status")).toHaveText(
      "“later” is not a value this filter takes, so the list ignores it",
    );
    await page.goto("/refund-batches");
    await expect(page.getByTestId("refund-batches")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeEnabled();
    const fetched = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === "/api/refund-batches" && new URL(r.url()).searchParams.get("status") === "done",
    );
    await page.getByLabel("Status").selectOption("done");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await fetched;
    await expect(page).toHaveURL(/\/refund-batches\?status=done$/);
    // The rows shown before the answer was drawn may still stand: wait until none but done ones do.
    await expect(page.getByTestId("batch").locator('[data-status]:not([data-status="done"])')).toHaveCount(0);
    await saveAndReopen(page, "/refund-batches", `Done batches ${run}`);
    await expect(page).toHaveURL(/\/refund-batches\?status=done$/);
    await expect(page.getByLabel("Status")).toHaveValue("done");
  });
});
