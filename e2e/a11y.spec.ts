import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { consolePages, type Ids, PAGES, seedEveryPage } from "./support/every-page";
import { storageStateFor } from "./support/users";

// axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every page of the console, each as a role that
// may open it, and on the sign-in page, in the light and the dark theme (the system's setting,
// which a person who has not chosen follows); a moderate, serious or critical violation fails.
// The pages are e2e/support/every-page.ts's: a new page that is not listed there fails the first test.

let ids: Ids = { charge: "", declaration: "", token: "", chargeback: "", customer: "", batch: "" };

test.beforeAll(async ({ browser, baseURL }) => {
  ids = await seedEveryPage(browser, baseURL);
});

test("every console page is checked", () => {
  expect(consolePages().sort()).toEqual(Object.keys(PAGES).sort());
});

const FAILING = new Set(["moderate", "serious", "critical"]);
const THEMES = ["light", "dark"] as const;

async function violations(page: Page, main = "main#content") {
  await expect(page.locator(main)).toBeVisible();
  await expect(page.getByTestId("section-loading")).toHaveCount(0);
  // Forms and dialogs that load after first paint, and the lists' own queries, settle first:
  // a button caught mid-load (or mid-transition) is not what a person is left with.
  await page.waitForLoadState("networkidle");
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return violations
    .filter((v) => FAILING.has(v.impact ?? ""))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the check finds a serious violation when there is one", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
  const page = await context.newPage();
  await page.goto("/transactions");
  await page.locator("main#content").evaluate((main) => {
    main.insertAdjacentHTML("afterbegin", '<button type="button"></button><img src="/icon.svg">');
  });
  const found = await violations(page);
  expect(found.join("\n")).toMatch(/button-name \(critical\)/);
  expect(found.join("\n")).toMatch(/image-alt \(critical\)/);
  await context.close();
});

for (const theme of THEMES) {
  test(`the sign-in page has no accessibility violation (${theme})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: theme });
    const page = await context.newPage();
    await page.goto("/login");
    expect(await violations(page, "main")).toEqual([]);
    await context.close();
  });
}

/** The theme a person who has not chosen follows is the system's: switched live, as the OS does. */
async function inTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  await expect(page.locator("html")).toHaveCSS("color-scheme", theme);
}

for (const [pattern, { role, url }] of Object.entries(PAGES)) {
  test(`${pattern} (${role}) has no accessibility violation (light and dark)`, async ({ browser, baseURL }) => {
    // axe reads every node of the page, twice: the home and the inbox, the largest, take a while on two busy cores.
    test.setTimeout(90_000);
    // bypassCSP: the console's policy refuses an inline style, and the one below is the test's own.
    const context = await browser.newContext({
      storageState: storageStateFor(role),
      baseURL,
      colorScheme: "light",
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(url(ids));
    // Colours switch at once, as they end up: a colour easing into the new scheme is not read
    // half-way, and nothing waits on a transition a polling page keeps restarting (the customs
    // list, in a full run, never settled).
    await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
    const found: string[] = [];
    for (const theme of THEMES) {
      await inTheme(page, theme);
      found.push(...(await violations(page)).map((v) => `${theme}: ${v}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });
}
