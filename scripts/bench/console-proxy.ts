// What the console adds to an API call: GET /api/consults signed in (session, permission,
// validation, settings and token lookup, the call) against the same consult made straight
// to the sandbox, interleaved in one run. usage: npm run bench:proxy   (goal: +≤2 ms p50, +≤8 ms p99)
import http from "node:http";
import { fmt, summarize } from "./lib";
import { createBenchUser, signInCookie, startStack } from "./harness";
import { putSecret, keyringOrThrow } from "../lib/secrets";
import { withPg } from "../lib/users";
import { serverToken } from "../../sandbox/dev-client";

const stack = await startStack("bench_proxy");
try {
  const user = await createBenchUser(stack.databaseUrl, "finance");
  await withPg(stack.databaseUrl, (c) => putSecret(c, keyringOrThrow(stack.env), "upi.private_key", "sk_sandbox_default_private_key", "bench"));
  const cookie = await signInCookie(stack.consoleUrl, user.email, user.password, user.totpSecret);
  const token = await serverToken(stack.sandboxUrl);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const get = (url: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const t = performance.now();
      http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
      }).on("error", reject);
    });
  const query = "method=card&amount=12000&currency=USD&country=US";
  const viaConsole = () => get(`${stack.consoleUrl}/api/consults?${query}`, { Cookie: cookie });
  const direct = () => get(`${stack.sandboxUrl}/v1/consults?${query}`, { Authorization: `Bearer ${token}` });
  // Next.js's own floor: a route handler that does nothing.
  const floor = () => get(`${stack.consoleUrl}/api/health`, {});

  for (let i = 0; i < 300; i++) await Promise.all([viaConsole(), direct(), floor()]); // warm-up
  const a: number[] = [];
  const b: number[] = [];
  const e: number[] = [];
  for (let i = 0; i < 3000; i++) {
    a.push(await viaConsole());
    b.push(await direct());
    e.push(await floor());
  }
  const c = summarize(a);
  const d = summarize(b);
  const f = summarize(e);
  console.log(`console GET /api/consults   n=${c.n} p50=${fmt(c.p50)} p95=${fmt(c.p95)} p99=${fmt(c.p99)}`);
  console.log(`sandbox GET /v1/consults    n=${d.n} p50=${fmt(d.p50)} p95=${fmt(d.p95)} p99=${fmt(d.p99)}`);
  console.log(`empty route GET /api/health n=${f.n} p50=${fmt(f.p50)} p95=${fmt(f.p95)} p99=${fmt(f.p99)}`);
  console.log(`added by the console        p50=+${fmt(c.p50 - d.p50)} p99=+${fmt(c.p99 - d.p99)}`);
  agent.destroy();
} finally {
  stack.stop();
}
process.exit(0);
