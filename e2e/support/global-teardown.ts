import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

// After the whole suite, before Playwright stops the server: the server's memory after an
// e2e-sized workload (issue 18's figure; docs/benchmarks.md), in test-results/server-memory.json.
export default function recordServerMemory() {
  const port = Number(process.env.E2E_PORT ?? 3107);
  let pid: string | undefined;
  try {
    pid = execFileSync("pgrep", ["-f", `dist/server.mjs -p ${port}`], { encoding: "utf8" }).trim().split("\n")[0];
  } catch {
    return; // no such process (pgrep missing, or the server already gone): nothing to record
  }
  if (!pid) return;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mib = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  const figures = { rssMiB: mib("VmRSS"), peakRssMiB: mib("VmHWM") };
  writeFileSync("test-results/server-memory.json", `${JSON.stringify(figures)}\n`);
  console.log(`server memory after the suite: RSS ${figures.rssMiB} MiB (peak ${figures.peakRssMiB} MiB)`);
}
