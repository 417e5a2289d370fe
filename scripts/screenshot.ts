// Screenshots of the console as people see it, for looking at what we built: each page as the
// role that opens it, at a phone's, a laptop's and a desktop's width, in English and Chinese,
// in the light and the dark theme (the system's setting, which a person who has not chosen follows).
// Starts its own production stack (the benches' harness: a throwaway PostgreSQL, the sandbox,
// the compiled server) with one user per role, signed in with their second factor.
// usage: npx tsx scripts/screenshot.ts <outDir> [role:path …]   (default: one page of each kind;
//        "anon:/login" is a page signed out). SCREEN_WIDTHS=1024,1280 and SCREEN_THEMES=dark narrow it.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { createBenchUser, signInCookie, startStack } from "./bench/harness";
import { FIRST_LOAD_PAGES, fillPath, sampleRowsSql } from "./lib/first-load";
import { withPg } from "./lib/users";
import { ensureChineseFont } from "./lib/chromium";

const [outDir, ...wanted] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: npx tsx scripts/screenshot.ts <outDir> [role:path …]");
  process.exit(2);
}
type Role = "finance" | "admin" | "manager" | "ops" | "anon";
const pages: [string, Role][] = wanted.length
  ? wanted.map((w) => {
      const [role, path] = w.split(/:(.*)/s) as [Role, string];
      return [path, role];
    })
  : // A list as each role that may open it (what one sees, another may not).
    FIRST_LOAD_PAGES.map(([path, role]): [string, Role] => [path, role ?? "anon"]);
const WIDTHS = (process.env.SCREEN_WIDTHS ?? "390,1024,1440").split(",").map(Number);
const THEMES = (process.env.SCREEN_THEMES ?? "light,dark").split(",") as ("light" | "dark")[];
const LOCALES = ["en", "zh-CN"] as const;

mkdirSync(outDir, { recursive: true });
ensureChineseFont();
const stack = await startStack("screens");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const ids = {
    tx: "1000000000000000000001",
    token: "tok_screens_1",
    chargeback: "cb_screens_1",
    customer: "screens-customer",
  };
  await withPg(stack.databaseUrl, (c) => c.query(sampleRowsSql(ids)));
  const users = new Map<Role, { email: string; cookie: string }>();
  for (const role of new Set(pages.map(([, r]) => r).filter((r) => r !== "anon"))) {
    const user = await createBenchUser(stack.databaseUrl, role);
    users.set(role, {
      email: user.email,
      cookie: await signInCookie(stack.consoleUrl, user.email, user.password, user.totpSecret),
    });
  }
  const host = new URL(stack.consoleUrl).hostname;
  for (const locale of LOCALES) {
    // The language is the person's preference (lib/platform/i18n/server.ts).
    await withPg(stack.databaseUrl, (c) =>
      c.query("UPDATE users SET locale = $1 WHERE email = ANY($2)", [locale, [...users.values()].map((u) => u.email)]),
    );
    for (const theme of THEMES)
      for (const width of WIDTHS) {
        for (const [template, role] of pages) {
          const path = fillPath(template, ids);
          const context = await browser.newContext({
            baseURL: stack.consoleUrl,
            viewport: { width, height: 900 },
            colorScheme: theme,
            locale,
          });
          const user = users.get(role);
          if (user) {
            const [name, value] = user.cookie.split(/=(.*)/s) as [string, string];
            await context.addCookies([{ name, value, domain: host, path: "/" }]);
          }
          const page = await context.newPage();
          await page.goto(path);
          await page.waitForLoadState("networkidle");
          const slug = `${path.replace(/[^\w]+/g, "_").replace(/^_|_$/g, "") || "home"}-${role}`;
          const file = `${outDir}/${locale}-${theme}-${width}-${slug}.png`;
          await page.screenshot({ path: file, fullPage: true });
          console.log(file);
          await context.close();
        }
      }
  }
} finally {
  await browser.close();
  stack.stop();
}
