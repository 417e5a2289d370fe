// A new user's first minutes: `git clone`, `npm install`, then `npm start` until the sign-in
// page answers — for each commit given, side by side in one run (same machine, same npm cache).
// usage: npm run bench:fresh-clone -- <commit> [<commit>…]   (default: HEAD)
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../lib/net";

const repo = process.cwd();
const commits = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["HEAD"];

/** Runs a command to its end; answers the seconds it took, or throws with its output's tail. */
function timed(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output = (output + c).slice(-4000)));
    child.stderr.on("data", (c) => (output = (output + c).slice(-4000)));
    child.on("exit", (code) =>
      code === 0
        ? resolveRun((performance.now() - started) / 1000)
        : reject(new Error(`${command} ${args.join(" ")} exited ${code}\n${output}`)),
    );
  });
}

/** `npm start` in a fresh data directory until GET /login answers 200; then Ctrl-C and its exit. */
async function startToSignIn(cwd: string, env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-fresh-data-"));
  // Under root the embedded PostgreSQL runs as the postgres user, which must reach its directory.
  chmodSync(dataDir, 0o755);
  const started = performance.now();
  const npm: ChildProcess = spawn("npm", ["start"], {
    cwd,
    env: { ...env, PORT: String(port), CONSOLE_DATA_DIR: dataDir, CONSOLE_DB_PORT: String(await freePort()) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  process.once("exit", () => {
    try {
      process.kill(-npm.pid!, "SIGKILL");
    } catch {
      // stopped already
    }
  });
  let output = "";
  npm.stdout?.on("data", (c) => (output = (output + c).slice(-4000)));
  npm.stderr?.on("data", (c) => (output = (output + c).slice(-4000)));
  for (;;) {
    const ok = await fetch(`http://localhost:${port}/login`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (npm.exitCode !== null || performance.now() - started > 1_200_000)
      throw new Error(`npm start did not come up\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const seconds = (performance.now() - started) / 1000;
  process.kill(-npm.pid!, "SIGINT");
  await new Promise((r) => (npm.exitCode !== null ? r(null) : npm.once("exit", r)));
  rmSync(dataDir, { recursive: true, force: true });
  return seconds;
}

const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
for (const name of ["DATABASE_URL", "UPI_BASE_URL", "CUSTOMS_BASE_URL", "NEXTAUTH_URL", "PORT"]) delete env[name];
const rows: { commit: string; install: number; start: number }[] = [];
for (const commit of commits) {
  const dir = mkdtempSync(join(tmpdir(), "bench-fresh-clone-"));
  try {
    execFileSync("git", ["clone", "--quiet", repo, dir]);
    execFileSync("git", ["checkout", "--quiet", commit], { cwd: dir });
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir }).toString().trim();
    console.log(`${sha}: npm install…`);
    const install = await timed("npm", ["install", "--no-audit", "--no-fund"], dir, env);
    console.log(`${sha}: npm start to the sign-in page…`);
    const start = await startToSignIn(dir, env);
    rows.push({ commit: sha, install, start });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log("\n| commit | npm install | npm start → sign-in page | together |\n|---|---|---|---|");
for (const r of rows)
  console.log(
    `| ${r.commit} | ${r.install.toFixed(0)} s | ${r.start.toFixed(0)} s | ${(r.install + r.start).toFixed(0)} s |`,
  );
process.exit(0);
