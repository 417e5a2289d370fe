import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

// What `npm test` prints at its end: each step's time against its budget, and the slowest spec
// and unit files of the run (read from Playwright's and vitest's JSON reports).

type Step = { label: string; seconds: number; ok: boolean; budget?: number; beside?: boolean };
const steps: Step[] = [];

/**
 * Seconds a step takes on CI's 2-core machine, with room (docs/testing.md). Past one and a half
 * times its budget a step is named in a warning, with the slowest files: a warning, not a
 * failure, since the machines are noisy.
 */
export const BUDGETS: Record<string, number> = {
  lint: 30,
  databases: 60,
  typecheck: 90,
  // Beside the build and the end-to-end suite, at nice 19: 420–510 s; alone on two workers, 177 s.
  unit: 480,
  build: 120,
  e2e: 1080,
  // Local mode's two specs and the scheduled jobs' (playwright.apart.config.ts), beside the
  // end-to-end suite once the unit suite is done: 110 s and 100 s alone.
  apart: 300,
  // Beside the end-to-end suite too, after the specs with servers of their own.
  dev: 120,
};

/** A step that runs while the next ones do: timed the same, left out of the table's sum. */
export function stepBeside<T>(label: string, budgetKey: string | undefined, fn: () => Promise<T>): Promise<T> {
  return step(label, budgetKey, fn, true);
}

/** Runs a step, printing its heading, and keeps its time for the table at the end. */
export async function step<T>(
  label: string,
  budgetKey: string | undefined,
  fn: () => Promise<T>,
  beside = false,
): Promise<T> {
  console.log(`\n━━ ${label}${beside ? " (started; its output follows the end-to-end suite)" : ""}`);
  const started = performance.now();
  let ok = false;
  try {
    const result = await fn();
    ok = true;
    return result;
  } finally {
    const seconds = (performance.now() - started) / 1000;
    steps.push({ label, seconds, ok, beside, budget: budgetKey ? BUDGETS[budgetKey] : undefined });
    console.log(`   ${label}: ${seconds.toFixed(1)} s${ok ? "" : " (failed)"}`);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the reporters' JSON, read for names and times.
function readJson(file: string): any {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

type Timed = { file: string; seconds: number };

/** Spec files of a Playwright JSON report, each with the time its tests took. */
export function specTimes(file: string): Timed[] {
  const report = readJson(file);
  if (!report) return [];
  const byFile = new Map<string, number>();
  // biome-ignore lint/suspicious/noExplicitAny: Playwright's report shape.
  const walk = (suite: any) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (result.duration ?? 0) / 1000);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  // Paths are relative to the project's testDir (e2e, or e2e/dev for the smoke project).
  const root = report.config?.rootDir ?? join(process.cwd(), "e2e");
  return [...byFile].map(([f, seconds]) => ({ file: relative(process.cwd(), join(root, f)), seconds }));
}

/** Test files of a vitest JSON report, each with its time from start to end. */
export function unitTimes(file: string): Timed[] {
  const report = readJson(file);
  // biome-ignore lint/suspicious/noExplicitAny: vitest's report shape.
  return (report?.testResults ?? []).map((t: any) => ({
    file: relative(process.cwd(), t.name),
    seconds: (t.endTime - t.startTime) / 1000,
  }));
}

const slowest = (list: Timed[], n: number) => [...list].sort((a, b) => b.seconds - a.seconds).slice(0, n);
const row = (t: Timed) => `   ${t.seconds.toFixed(1).padStart(7)} s  ${t.file}`;

/** The step table, the ten slowest spec and unit files, and a warning for each step far past its budget. */
export function printReport(files: { specs: string[]; units: string[] }) {
  const specs = files.specs.flatMap(specTimes);
  const units = files.units.flatMap(unitTimes);
  const total = steps.filter((s) => !s.beside).reduce((s, x) => s + x.seconds, 0);
  console.log("\n━━ step times");
  for (const s of steps)
    console.log(
      `   ${s.seconds.toFixed(1).padStart(7)} s  ${s.label}${s.budget ? ` (budget ${s.budget} s)` : ""}${s.ok ? "" : " — failed"}`,
    );
  console.log(`   ${total.toFixed(1).padStart(7)} s  all steps (a step run beside others not added)`);
  if (specs.length) console.log(["\n━━ the 10 slowest spec files", ...slowest(specs, 10).map(row)].join("\n"));
  if (units.length) console.log(["\n━━ the 10 slowest unit files", ...slowest(units, 10).map(row)].join("\n"));
  for (const s of steps) {
    if (!s.budget || s.seconds <= s.budget * 1.5) continue;
    const named = s.label.startsWith("vitest") ? units : s.label.startsWith("playwright") ? specs : [];
    console.log(
      `\n⚠ ${s.label} took ${s.seconds.toFixed(0)} s, more than half again its budget of ${s.budget} s.` +
        (named.length
          ? ` Slowest: ${slowest(named, 5)
              .map((t) => `${t.file} ${t.seconds.toFixed(0)} s`)
              .join(", ")}`
          : ""),
    );
  }
}

/**
 * The page each failed test left, as Playwright's error context holds it (an accessibility
 * snapshot of its main region), so a failure on a CI machine whose clone is gone still says what the person saw.
 * Each directory is a test's output (`outputDir` of both configs); at most `lines` lines each.
 */
export function printFailedPages(dirs: string[], lines = 60) {
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const test of readdirSync(dir).sort()) {
      const file = join(dir, test, "error-context.md");
      if (!existsSync(file)) continue;
      const text = readFileSync(file, "utf8");
      const at = text.indexOf("# Page snapshot");
      if (at < 0) continue;
      const section = text.slice(at).split("\n").slice(1);
      const end = section.findIndex((l) => l.startsWith("# "));
      const whole = section.slice(0, end < 0 ? undefined : end).filter((l) => !l.startsWith("```") && l.trim());
      // The page's main region when it has one: the header and menu are the same on every page.
      const main = whole.findIndex((l) => /^\s*- main\b/.test(l));
      const snapshot = main >= 0 ? whole.slice(main) : whole;
      console.log(`\n━━ the page ${test} left (${file})`);
      console.log(snapshot.slice(0, lines).join("\n"));
      if (snapshot.length > lines) console.log(`   … ${snapshot.length - lines} more lines in the file`);
    }
  }
}
