import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian's Chromium for Playwright (it cannot download its own browser here). */
export function ensureChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium missing: installing Debian's chromium (about a minute)…");
    execFileSync("sh", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium"], {
      stdio: "inherit",
    });
    if (existsSync(path)) return path;
  }
  throw new Error(
    `Chromium not found at ${path}. Install it with \`sudo apt-get install chromium\` or set CHROMIUM_PATH.`,
  );
}
