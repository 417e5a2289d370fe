// Screenshots of pages as a signed-in user, for looking at what we built.
// usage: npx tsx scripts/screenshot.ts <baseUrl> <email> <password> <outDir> <path> [<path> …]
import { chromium } from "@playwright/test";

const [baseUrl, email, password, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !email || !password || !outDir || paths.length === 0) {
  console.error("usage: npx tsx scripts/screenshot.ts <baseUrl> <email> <password> <outDir> <path>…");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await browser.newPage({ baseURL: baseUrl, viewport: { width: 1280, height: 860 } });
await page.goto("/login");
await page.getByLabel("Email").fill(email);
await page.getByLabel("Password").fill(password);
await page.getByRole("button", { name: "Sign in" }).click();
await page.getByTestId("current-user").waitFor();
for (const path of paths) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const file = `${outDir}/${path.replace(/[^\w]+/g, "_") || "home"}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}
await browser.close();
