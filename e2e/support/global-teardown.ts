import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

// After the whole suite, before Playwright stops the server: the server's memory after an
// e2e-sized workload (issue 18's figure; docs/benchmarks.md), in test-results/server-memory.json.
export default function recordServerMemory() {
  const port = Number(process.env.E2E_PORT ?? 3107);
  let pids: string[];
  try {
    pids = execFileSync("pgrep", ["-f", `dist/server.mjs -p ${port}`], { encoding: "utf8" })
      .trim()
      .split("\n");
  } catch {
    return; // no such process (pgrep missing, or the server already gone): nothing to record
  }
  // The shell and tee of the webServer command match too: the server is the largest of them.
  const mib = (status: string, field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  const all = pids.flatMap((pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      return [{ rssMiB: mib(status, "VmRSS"), peakRssMiB: mib(status, "VmHWM") }];
    } catch {
      return [];
    }
  });
  const figures = all.sort((a, b) => b.rssMiB - a.rssMiB)[0];
  if (!figures) return;
  writeFileSync("test-results/server-memory.json", `${JSON.stringify(figures)}\n`);
  console.log(`server memory after the suite: RSS ${figures.rssMiB} MiB (peak ${figures.peakRssMiB} MiB)`);
}
