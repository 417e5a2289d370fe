// What the console adds to an API call: GET /api/consults signed in (session, permission,
// validation, settings and token lookup, the call) against the same consult made straight
// to the sandbox, interleaved in one run. Every route goes through Next.js's own pipeline
// (issue 18: no API lane); an empty route shows the floor.
// usage: npm run bench:proxy   (goal: +≤2 ms p50, +≤8 ms p99)
import http from "node:http";
import { fmt, summarize } from "./lib";
import { createBenchUser, signInCookie, startStack } from "./harness";
import { putSecret, keyringOrThrow } from "../lib/secrets";
import { withPg } from "../lib/users";
import { serverToken } from "../../sandbox/dev-client";

// CONSOLE_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the console under the load.
const stack = await startStack("bench_proxy", {
  consoleNodeArgs: process.env.CONSOLE_NODE_ARGS?.split(" ").filter(Boolean),
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
    {
      label: "console GET /api/consults",
      call: () => get(`${stack.consoleUrl}/api/consults?${query}`, { Cookie: cookie }),
    },
    {
      label: "sandbox GET /v1/consults",
      call: () => get(`${stack.sandboxUrl}/v1/consults?${query}`, { Authorization: `Bearer ${token}` }),
    },
    // The floor: a route handler that does nothing.
    { label: "empty route GET /api/health", call: () => get(`${stack.consoleUrl}/api/health`, {}) },
  ];

  for (let i = 0; i < 300; i++) await Promise.all(series.map((s) => s.call())); // warm-up
  const samples = series.map(() => [] as number[]);
  for (let i = 0; i < 3000; i++) {
    for (const [k, s] of series.entries()) samples[k]!.push(await s.call());
  }
  const results = samples.map(summarize);
  const [viaConsole, direct] = results;
  for (const [k, s] of series.entries()) {
    const r = results[k]!;
    console.log(`${s.label.padEnd(28)} n=${r.n} p50=${fmt(r.p50)} p95=${fmt(r.p95)} p99=${fmt(r.p99)}`);
  }
  console.log(
    `added by the console         p50=+${fmt(viaConsole!.p50 - direct!.p50)} p99=+${fmt(viaConsole!.p99 - direct!.p99)}`,
  );
  agent.destroy();
} finally {
  stack.stop();
}
process.exit(0);
