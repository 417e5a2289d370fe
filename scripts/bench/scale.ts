// npm run bench:scale (issue 36): one seeded database and console at a large merchant's size,
// every figure beside its naive baseline, printed as markdown. SCALE=1000000 is the quick mode
// (default 10,000,000 ledger rows; smaller works for development). PARTS=lists,pages,search,
// summary,home,customer,export,intake runs a subset (all when unset).
import { existsSync } from "node:fs";
import { createBenchUser, signInCookie, startStack } from "./harness";
import type { ScaleContext, ScalePart, ScaleRow } from "./scale/context";
import { disk, seed } from "./scale/seed";
import { pageFloor, run as lists } from "./scale/lists";
import { withPg } from "../lib/users";
import { explainSettings } from "./scale/explained";
import { METRICS_TOKEN } from "./scale/context";

const SCALE = Number(process.env.SCALE ?? 10_000_000);
const PARTS = (process.env.PARTS ?? "").split(",").filter(Boolean);
const MINE = ["lists", "pages", "search", "summary", "home", "customer"];
const log = (line: string) => process.stderr.write(`[scale ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

// The console reads its metrics token from the environment it inherits: the export figure reads V8's heap.
process.env.METRICS_TOKEN ??= METRICS_TOKEN;
const started = performance.now();
// auto_explain in the console's sessions: a missed figure says which statements limit it, with their plans.
const stack = await startStack("bench_scale", { databaseSettings: explainSettings });
try {
  const users = await Promise.all(
    (["finance", "manager", "ops", "admin"] as const).map(
      async (role) => [role, await createBenchUser(stack.databaseUrl, role)] as const,
    ),
  );
  // Signed in afresh after seeding too: a session left idle through a long seed may have run out.
  const signIn = async () => {
    const cookies = {} as ScaleContext["cookies"];
    for (const [role, u] of users)
      cookies[role] = await signInCookie(stack.consoleUrl, u.email, u.password, u.totpSecret);
    return cookies;
  };
  let floor: Record<string, string> | undefined;
  if (PARTS.length === 0 || PARTS.includes("pages")) {
    log("the list pages over the empty database (their render floor)…");
    floor = await pageFloor({
      scale: 0,
      databaseUrl: stack.databaseUrl,
      baseUrl: stack.consoleUrl,
      cookies: await signIn(),
      log,
    });
  }
  log(`seeding ${SCALE.toLocaleString("en")} ledger rows…`);
  const seeded = await seed(stack.databaseUrl, SCALE, log);
  const sizes = await disk(stack.databaseUrl);
  const cookies = await signIn();
  // The readers' days are UTC days, as the baselines' SQL counts them (from/to are read in the reader's zone).
  await withPg(stack.databaseUrl, (c) => c.query("UPDATE users SET time_zone = 'UTC' WHERE email LIKE 'bench-%'"));
  const ctx: ScaleContext = {
    scale: SCALE,
    databaseUrl: stack.databaseUrl,
    baseUrl: stack.consoleUrl,
    cookies,
    log,
    postgresLog: stack.postgresLog,
    pageFloor: floor,
  };
  const parts: [string, () => Promise<ScalePart>][] = [["lists", async () => lists]];
  // The other helpers' parts, when their files are there (each `export const run: ScalePart`).
  for (const name of ["export", "intake"])
    if (existsSync(new URL(`./scale/${name}.ts`, import.meta.url)))
      parts.push([name, async () => ((await import(`./scale/${name}`)) as { run: ScalePart }).run]);
  const rows: ScaleRow[] = [];
  for (const [name, load] of parts) {
    const wanted =
      PARTS.length === 0 || PARTS.includes(name) || (name === "lists" && PARTS.some((p) => MINE.includes(p)));
    if (!wanted) continue;
    log(`part ${name}…`);
    try {
      const got = await (await load())(ctx);
      rows.push(...got);
      // Each part's rows as they come: a run that dies later (memory, a signal) keeps them in its log.
      for (const r of got)
        log(`row | ${r.figure} | ${r.case} | ${r.result} | ${r.baseline} | ${r.met ? "met" : "NOT met"}`);
    } catch (e) {
      rows.push({ figure: name, case: "the part failed", result: String(e), baseline: "—", goal: "—", met: false });
    }
  }
  const out = [
    `## bench:scale, SCALE=${SCALE.toLocaleString("en")} (${new Date().toISOString()})`,
    "",
    "| figure | case | result | baseline | goal | met | note |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${cell(r.figure)} | ${cell(r.case)} | ${cell(r.result)} | ${cell(r.baseline)} | ${cell(r.goal)} | ${r.met ? "yes" : "**no**"} | ${cell(r.note ?? "")} |`,
    ),
    "",
    "### Seeding (INSERT … SELECT generate_series; secondary indexes built after each load)",
    "",
    "| table | rows | load s | indexes s |",
    "|---|---:|---:|---:|",
    ...seeded.map(
      (s) => `| ${s.table} | ${s.rows.toLocaleString("en")} | ${s.loadS.toFixed(1)} | ${s.indexS.toFixed(1)} |`,
    ),
    `| total | | ${seeded.reduce((n, s) => n + s.loadS + s.indexS, 0).toFixed(1)} | |`,
    "",
    "### Disk (tables over 1 MiB)",
    "",
    "| table | table MiB | indexes MiB | per index |",
    "|---|---:|---:|---|",
    ...sizes.map((d) => `| ${d.table} | ${d.tableMiB.toFixed(1)} | ${d.indexesMiB.toFixed(1)} | ${cell(d.indexes)} |`),
    "",
    `Run time: ${((performance.now() - started) / 60000).toFixed(1)} min.`,
  ];
  console.log(out.join("\n"));
} finally {
  stack.stop();
}
process.exit(0);
