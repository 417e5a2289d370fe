import { expect, test, type Locator, type Page } from "@playwright/test";
import { storageStateFor } from "./support/users";

// Keyboard basics: the first Tab skips to the page, every control shows where focus is
// (blue buttons too), and no page asks for a file that is not there (the favicon).

/** The focus outline a control shows, and its contrast against the page behind it. */
async function focusOutline(control: Locator) {
  return control.evaluate((el) => {
    const style = getComputedStyle(el);
    // Any CSS colour (Tailwind's palette is oklch) to sRGB bytes and alpha, through a canvas pixel.
    const ctx = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgb = (c: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = c;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const lin = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    // The outline sits outside the control: what it is seen against is the first opaque parent.
    let behind = el.parentElement;
    while (behind && (rgb(getComputedStyle(behind).backgroundColor)[3] ?? 1) === 0) behind = behind.parentElement;
    const page = behind ? getComputedStyle(behind).backgroundColor : "rgb(255, 255, 255)";
    const [a, b] = [luminance(rgb(style.outlineColor)), luminance(rgb(page))];
    return {
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      offset: Number.parseFloat(style.outlineOffset),
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });
}

async function expectVisibleFocus(page: Page, control: Locator) {
  // A key press first: focus given after keyboard use is what :focus-visible shows.
  await page.keyboard.press("Shift");
  await control.focus();
  await expect(control).toBeFocused();
  // The app's own solid outline (not none, not the browser's faint "auto" ring), 2 px, apart
  // from the control, with at least 3:1 contrast against the page (WCAG 1.4.11). Read until it
  // holds: a control's colours ease in (transition), and one read mid-way saw 1.4:1.
  await expect(async () => {
    const outline = await focusOutline(control);
    expect(outline.style).toBe("solid");
    expect(outline.width).toBeGreaterThanOrEqual(2);
    expect(outline.offset).toBeGreaterThanOrEqual(1);
    expect(outline.contrast).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: 5_000 });
}

test.describe("admin", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("the first Tab on a console page is 'Skip to content', and Enter moves focus to the page", async ({ page }) => {
    await page.goto("/users");
    // The page's own controls streamed in (its loading state has none for a Tab to land on).
    await expect(page.locator("main#content").getByRole("textbox", { name: "Search" })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#content")).toBeFocused();
    // The next Tab lands in the page itself, not back in the header or the navigation.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
  });

  test("brand-blue buttons and other controls show a visible focus outline", async ({ page }) => {
    await page.goto("/users");
    await expectVisibleFocus(page, page.getByRole("button", { name: "Create user" }));
    await expectVisibleFocus(page, page.getByRole("link", { name: "Audit log" }));
    await page.goto("/audit");
    await expectVisibleFocus(page, page.getByRole("button", { name: "Filter" }));
    await page.goto("/customs");
    await expectVisibleFocus(page, page.getByRole("link", { name: "New declaration" }));
  });
});

test("the favicon and app icons are served, also before sign-in, and no page asks for a missing file", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageStateFor("admin") });
  const page = await context.newPage();
  const missing: string[] = [];
  page.on("response", (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  for (const path of ["/", "/users", "/transactions"]) {
    await page.goto(path);
    await expect(page.getByTestId("current-user")).toBeVisible();
  }
  const icons = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).getAttribute("href")!));
  expect(icons).toEqual(expect.arrayContaining(["/favicon.ico", "/icon.svg", "/apple-touch-icon.png"]));
  expect(missing).toEqual([]);
  await context.close();

  // The sign-in page shows them too: no session needed.
  const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  for (const [path, type] of [
    ["/favicon.ico", /icon/],
    ["/icon.svg", /svg/],
    ["/apple-touch-icon.png", /png/],
  ] as const) {
    const res = await anonymous.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toMatch(type);
  }
  await anonymous.close();
});
