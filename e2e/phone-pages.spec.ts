import { expect, type Page, test } from "@playwright/test";
import type { Role } from "../lib/platform/auth/permissions";
import { type Ids, PAGES, seedEveryPage, settled } from "./support/every-page";
import { storageStateFor } from "./support/users";

// Issue 33, on a phone, every page: at 390 px (and 768) no page scrolls sideways. A table wider
// than the screen slides inside a box of its own (the list kit's, with its identifying column
// pinned), and that box can be reached and scrolled from the keyboard (WCAG 2.1.1, axe's
// scrollable-region-focusable, which the a11y walk checks at desktop widths only). The pages are
// the walk's list (e2e/support/every-page.ts), each as the role that opens it.

const WIDTHS = [390, 768];

/** What reaches past the screen's edge: the page itself, or a wide table outside a focusable scroll box. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width + 1) out.push(`page ${pageWidth}px`);
    for (const table of document.querySelectorAll<HTMLElement>("main#content table")) {
      if (!table.getClientRects().length) continue; // hidden (a collapsed section)
      let box = table.parentElement;
      while (box && !/auto|scroll/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
      const wide = box ? box.scrollWidth > box.clientWidth + 1 : table.getBoundingClientRect().right > width + 1;
      if (!wide) continue;
      const name = table.querySelector("th")?.textContent?.trim() || table.dataset.testid || "table";
      if (!box) out.push(`table "${name}" past the screen's edge`);
      else if (box.tabIndex < 0) out.push(`table "${name}" slides in a box the keyboard cannot reach`);
    }
    return out;
  });
}

let ids: Ids = { charge: "", declaration: "", token: "", chargeback: "", customer: "", batch: "" };

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  ids = await seedEveryPage(browser, baseURL);
});

for (const role of ["finance", "ops", "manager", "admin"] as Role[]) {
  test(`every page a ${role} opens fits a phone`, async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: 844 },
        hasTouch: true,
        isMobile: width < 768,
        storageState: storageStateFor(role),
      });
      const page = await context.newPage();
      for (const [pattern, { url }] of Object.entries(PAGES).filter(([, p]) => p.role === role)) {
        await test.step(`${pattern} at ${width}px`, async () => {
          await page.goto(url(ids));
          await settled(page);
          expect.soft(await overflow(page), `${pattern} at ${width}px`).toEqual([]);
        });
      }
      await context.close();
    }
  });
}
