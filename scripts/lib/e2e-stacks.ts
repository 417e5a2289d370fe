import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

// The end-to-end suite as stacks side by side. One Playwright worker on one server ran the 57
// spec files one after another in 33 minutes, the machine's second core mostly idle; two
// workers on one server would share the sandbox's fault switches, the merchant's settings and
// the two-admin state, which specs change. So each stack is a whole console of its own (its
// database, sandbox, server, signed-in sessions and results) running a share of the files, and
// every spec still has its stack to itself, as it had the run.

/** The leak scan reads everything its stack's run wrote: last, in every stack. */
const LAST = "zz-leaks.spec.ts";
/** Seconds each file took in a recent run (refresh: see `recordDurations`). */
export const DURATIONS_FILE = "e2e/support/durations.json";

/** The main suite's spec files, by name (e2e/dev is the dev-server smoke project). */
export function mainSpecFiles(): string[] {
  return readdirSync("e2e")
    .filter((f) => f.endsWith(".spec.ts"))
    .sort();
}

function recordedSeconds(): Record<string, number> {
  if (!existsSync(DURATIONS_FILE)) return {};
  return JSON.parse(readFileSync(DURATIONS_FILE, "utf8")) as Record<string, number>;
}

/**
 * The files split into `stacks` shares of about equal time: longest first, each to the share
 * with the least time so far (a file not yet timed counts as the median). The leak scan ends
 * every share.
 */
export function splitSpecs(files: string[], stacks: number, seconds = recordedSeconds()): string[][] {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const typical = known[Math.floor(known.length / 2)] ?? 30;
  const cost = (f: string) => seconds[f] ?? typical;
  const shares = Array.from({ length: stacks }, () => ({ files: [] as string[], total: 0 }));
  const byCost = files.filter((f) => f !== LAST).sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  for (const file of byCost) {
    const lightest = shares.reduce((min, s) => (s.total < min.total ? s : min));
    lightest.files.push(file);
    lightest.total += cost(file);
  }
  return shares
    .map((s) => [...s.files.sort(), ...(files.includes(LAST) ? [LAST] : [])])
    .filter((share) => share.some((f) => f !== LAST));
}

/** Playwright's JSON report, as far as file durations go. */
type Suite = { file?: string; suites?: Suite[]; specs?: { tests: { results: { duration: number }[] }[] }[] };

/**
 * Each file's seconds in the reports of a run (Playwright's JSON), written to
 * test-results/e2e-durations.json; copied over DURATIONS_FILE when the split drifts.
 */
export function recordDurations(reports: string[]): Record<string, number> {
  const seconds: Record<string, number> = {};
  const walk = (suite: Suite, file?: string) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const r of t.results) if (name) seconds[name] = (seconds[name] ?? 0) + r.duration / 1000;
    for (const s of suite.suites ?? []) walk(s, name);
  };
  for (const report of reports.filter(existsSync)) {
    const json = JSON.parse(readFileSync(report, "utf8")) as { suites?: Suite[] };
    for (const s of json.suites ?? []) walk(s);
  }
  const rounded = Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([f, s]) => [f, Math.round(s)]),
  );
  writeFileSync("test-results/e2e-durations.json", `${JSON.stringify(rounded, null, 2)}\n`);
  return rounded;
}

/**
 * Runs a command with its output line by line behind `prefix` (two stacks write to one log),
 * and resolves with its exit code.
 */
export function spawnPrefixed(cmd: string, args: string[], env: NodeJS.ProcessEnv, prefix: string): Promise<number> {
  const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env });
  const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    let pending = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
    stream.on("end", () => {
      if (pending) out.write(`${prefix}${pending}\n`);
    });
  };
  relay(child.stdout!, process.stdout);
  relay(child.stderr!, process.stderr);
  return new Promise((resolve) => child.on("close", (code) => resolve(code ?? 1)));
}
