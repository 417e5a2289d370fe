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

/** A Chinese font for the zh-CN screenshots (Debian's Chromium draws boxes without one): installed when missing. */
export function ensureChineseFont(): void {
  const has = () => {
    try {
      return execFileSync("fc-list", [":lang=zh"], { encoding: "utf8" }).trim() !== "";
    } catch {
      return false;
    }
  };
  if (has()) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("No Chinese font: installing Debian's fonts-wqy-microhei (5 MB)…");
    execFileSync("sh", ["-c", "DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei"], {
      stdio: "inherit",
    });
  }
  if (!has()) console.warn("No Chinese font found (fc-list :lang=zh): the zh-CN screenshots will show boxes.");
}
