// Memory of local mode: `npm start` with no DATABASE_URL (every process it leaves running —
// npm, the launcher with the sandbox, the console's server, the database), idle after the
// walk of e2e/local-mode.spec.ts (three people in nine sessions for a minute, four of them
// charging and refunding, the sandbox notifying). Side by side with another checkout in the
// same run: usage: npm run bench:memory [-- /path/to/an/older/checkout]   (goal: ≤ 400 MiB)
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../lib/net";
import { addPerson, walk } from "../lib/walk";

const SECRETS_KEY = "YmVuY2gtb25seS1zZWNyZXRzLWtleS0zMi1ieXRlcyE=";
const IDLE_SECONDS = 20;

type Proc = { pid: number; ppid: number; name: string; rss: number; pss: number };

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean);
      const smaps = existsSync(`/proc/${entry}/smaps_rollup`)
        ? readFileSync(`/proc/${entry}/smaps_rollup`, "utf8")
        : "";
      const kib = (re: RegExp, text: string) => Number(re.exec(text)?.[1] ?? 0);
      out.push({
        pid: Number(entry),
        ppid: kib(/PPid:\s+(\d+)/, status),
        name: describe(cmdline),
        rss: kib(/VmRSS:\s+(\d+)/, status) / 1024,
        pss: kib(/Pss:\s+(\d+)/, smaps) / 1024,
      });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function describe(cmdline: string[]): string {
  const text = cmdline.join(" ");
  if (/npm(-cli)?(\.js)? start|^npm start/.test(text)) return "npm (the wrapper of npm start)";
  if (text.includes("run.mjs start")) return "launcher + sandbox";
  if (text.includes("dist/server.mjs") || text.includes("next-server")) return "console server (Next.js)";
  if (text.includes("esbuild")) return "esbuild service";
  if (text.startsWith("sh ") || text.startsWith("/bin/sh")) return "sh";
  if (text.includes("postgres")) return "PostgreSQL (every process)";
  return cmdline[0] ?? "?";
}

/** The processes of one `npm start`: its tree, and PostgreSQL's (its own process group). */
function treeOf(root: number, extraRoots: number[]): Proc[] {
  const all = processes();
  const keep = new Set([root, ...extraRoots]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of all)
      if (!keep.has(p.pid) && keep.has(p.ppid)) {
        keep.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => keep.has(p.pid));
}

async function measure(checkout: string) {
  let signInRetries = 0;
  const dataDir = mkdtempSync(join(tmpdir(), "bench-memory-"));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(await freePort()),
    CONSOLE_DB_PORT: String(await freePort()),
    CONSOLE_DATA_DIR: dataDir,
    SECRETS_KEY,
    NODE_ENV: "production",
    // BENCH_HEAP_SNAPSHOT=1: the server writes a heap snapshot on SIGUSR2, after a full collection.
    ...(process.env.BENCH_HEAP_SNAPSHOT ? { NODE_OPTIONS: "--heapsnapshot-signal=SIGUSR2" } : {}),
    // BENCH_MEMORY_DETAIL=1: V8's figures and the server's largest mappings, before any snapshot.
    ...(process.env.BENCH_MEMORY_DETAIL ? { METRICS_TOKEN } : {}),
  };
  for (const name of ["DATABASE_URL", "UPI_BASE_URL", "CUSTOMS_BASE_URL", "NEXTAUTH_URL"]) delete env[name];
  const npm: ChildProcess = spawn("npm", ["start"], {
    cwd: checkout,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Whatever happens below, no npm start of this run outlives it.
  process.once("exit", () => {
    try {
      process.kill(-npm.pid!, "SIGKILL");
    } catch {
      // stopped already
    }
  });
  let output = "";
  npm.stdout?.on("data", (c) => (output += c));
  npm.stderr?.on("data", (c) => (output += c));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 600_000;
  while (
    !output.includes(`Merchant Console: ${url}`) ||
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (npm.exitCode !== null || Date.now() > deadline)
      throw new Error(`${checkout}: npm start did not come up\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  // Its database: this version's server (password in the data directory) or the PGlite of before.
  const embedded = /Embedded PostgreSQL \d+ on 127\.0\.0\.1:(\d+)/.exec(output);
  const dbUrl = embedded
    ? `postgresql://postgres:${encodeURIComponent(readFileSync(join(dataDir, "postgres-password"), "utf8").trim())}@127.0.0.1:${embedded[1]}/console`
    : /Embedded PostgreSQL \(PGlite\) at (\S+)/.exec(output)![1]!;
  const sandbox = /Sandbox \(payment and customs emulator\) at (http:\/\/[\d.:]+)/.exec(output)![1]!;
  await fetch(`${sandbox}/__sandbox/merchants/m_default`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ default_ipn_url: `${url}/api/webhooks/upi` }),
  });

  const where = { dbUrl, base: url, secretsKey: SECRETS_KEY };
  // PGlite (the baseline of before) refuses a sign-in now and then: asked again, and counted.
  const person = async (role: "finance" | "ops" | "manager", n: number) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await addPerson(where, role, n, `${role}${attempt}`)).sessions;
      } catch (e) {
        if (attempt === 5) throw e;
        signInRetries++;
      }
    }
  };
  const finance = await person("finance", 4);
  const ops = await person("ops", 3);
  const manager = await person("manager", 2);
  const everyone = [...finance, ...ops, ...manager];
  const tally = await walk(everyone, finance, 60);
  // A busy machine does less in the minute, and the server's heap grows with the work done:
  // the walk goes on until it has done what a quiet machine does in its minute (or ten minutes pass).
  const enough = { polls: 8_000, charges: 150 };
  for (const stop = Date.now() + 540_000; Date.now() < stop; ) {
    if (tally.polls >= enough.polls && tally.charges >= enough.charges) break;
    await walk(everyone, finance, 15, tally);
  }
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));

  const postmaster = embedded
    ? Number(readFileSync(join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0])
    : undefined;
  const tree = treeOf(npm.pid!, postmaster ? [postmaster] : []);
  const byName = new Map<string, { rss: number; pss: number; n: number }>();
  for (const p of tree) {
    const row = byName.get(p.name) ?? { rss: 0, pss: 0, n: 0 };
    byName.set(p.name, { rss: row.rss + p.rss, pss: row.pss + p.pss, n: row.n + 1 });
  }
  const inside = process.env.BENCH_MEMORY_DETAIL ? await whereItIs(url, tree) : undefined;
  const afterCollection = process.env.BENCH_HEAP_SNAPSHOT ? await collected(checkout, tree) : undefined;
  process.kill(-npm.pid!, "SIGINT");
  await new Promise((r) => npm.once("exit", r));
  await new Promise((r) => setTimeout(r, 2000));
  rmSync(dataDir, { recursive: true, force: true });
  return { checkout, byName, tally, signInRetries, afterCollection, inside };
}

const METRICS_TOKEN = "bench-memory-metrics-token";

/**
 * Where the console server's memory is: V8's own figures (prom-client's process metrics) and
 * the largest mappings of its address space by resident size (/proc/PID/smaps).
 */
async function whereItIs(url: string, tree: Proc[]) {
  const server = tree.find((p) => p.name === "console server (Next.js)");
  if (!server) return undefined;
  const text = await (
    await fetch(`${url}/api/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const v8 = text
    .split("\n")
    .filter((l) =>
      /^(nodejs_heap_size_(total|used)_bytes|nodejs_external_memory_bytes|nodejs_heap_space_size_used_bytes|process_resident_memory_bytes)/.test(
        l,
      ),
    )
    .map((l) => {
      const [name, value] = [l.slice(0, l.lastIndexOf(" ")), Number(l.slice(l.lastIndexOf(" ") + 1))];
      return `${name} ${(value / 1048576).toFixed(1)} MiB`;
    });
  const maps: { what: string; rss: number }[] = [];
  let current = "";
  for (const line of readFileSync(`/proc/${server.pid}/smaps`, "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) current = head[1] || "[anonymous]";
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) maps.push({ what: current, rss: Number(rss[1]) / 1024 });
  }
  const byWhat = new Map<string, number>();
  for (const m of maps) byWhat.set(m.what, (byWhat.get(m.what) ?? 0) + m.rss);
  const anonymous = maps.filter((m) => m.what === "[anonymous]").sort((a, b) => b.rss - a.rss);
  return {
    v8,
    mappings: [...byWhat.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8),
    largestAnonymous: anonymous.slice(0, 8).map((m) => m.rss),
  };
}

/**
 * What the console server holds once V8 has collected everything it can: a heap snapshot
 * forces a full collection first. Answers its RSS/PSS then and the snapshot's size.
 */
async function collected(checkout: string, tree: Proc[]) {
  const server = tree.find((p) => p.name === "console server (Next.js)");
  if (!server) return undefined;
  const before = new Set(readdirSync(checkout).filter((f) => f.endsWith(".heapsnapshot")));
  process.kill(server.pid, "SIGUSR2");
  let file: string | undefined;
  let size = -1;
  for (let i = 0; i < 600; i++) {
    await new Promise((r) => setTimeout(r, 500));
    file ??= readdirSync(checkout).find((f) => f.endsWith(".heapsnapshot") && !before.has(f));
    if (!file) continue;
    const now = statSync(join(checkout, file)).size;
    if (now === size && now > 0) break;
    size = now;
  }
  const after = processes().find((p) => p.pid === server.pid);
  // BENCH_HEAP_SNAPSHOT=keep leaves it in the checkout to open in DevTools' Memory tab.
  if (file && process.env.BENCH_HEAP_SNAPSHOT !== "keep") rmSync(join(checkout, file), { force: true });
  return { rss: after?.rss ?? 0, pss: after?.pss ?? 0, snapshotMiB: size / 1024 / 1024 };
}

const checkouts = [...process.argv.slice(2).map((p) => resolve(p)), process.cwd()];
const results = [];
for (const checkout of checkouts) results.push(await measure(checkout));
const mib = (n: number) => `${n.toFixed(0)} MiB`;
for (const { checkout, byName, tally, signInRetries, afterCollection, inside } of results) {
  console.log(`\n${checkout}`);
  console.log(
    `  walk: ${tally.polls} polls, ${tally.charges} charges, ${tally.refunds} refunds; answers about another person ${tally.wrongUser}, unexpected ${tally.unexpected.length}, sign-ins refused and asked again ${signInRetries}`,
  );
  console.log(`  ${"process".padEnd(34)} ${"n".padStart(3)} ${"RSS".padStart(9)} ${"PSS".padStart(9)}`);
  let rss = 0;
  let pss = 0;
  for (const [name, row] of [...byName.entries()].sort((a, b) => b[1].pss - a[1].pss)) {
    console.log(
      `  ${name.padEnd(34)} ${String(row.n).padStart(3)} ${mib(row.rss).padStart(9)} ${mib(row.pss).padStart(9)}`,
    );
    rss += row.rss;
    pss += row.pss;
  }
  console.log(`  ${"all together".padEnd(34)}     ${mib(rss).padStart(9)} ${mib(pss).padStart(9)}   (goal ≤ 400 MiB)`);
  if (afterCollection)
    console.log(
      `  console server after a full collection: ${mib(afterCollection.rss)} RSS, ${mib(afterCollection.pss)} PSS (heap snapshot ${mib(afterCollection.snapshotMiB)})`,
    );
  if (inside) {
    console.log(`  inside the console server:\n    ${inside.v8.join("\n    ")}`);
    for (const [what, rss] of inside.mappings) console.log(`    mapped ${mib(rss).padStart(8)}  ${what}`);
    console.log(`    largest anonymous mappings: ${inside.largestAnonymous.map(mib).join(", ")}`);
  }
}
process.exit(0);
