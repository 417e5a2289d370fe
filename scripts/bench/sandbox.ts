// Sandbox latency on loopback: inquiry and charge, sequential, keep-alive, after warm-up.
// usage: npm run bench:sandbox   (goal: inquiry p50 ≤ 1 ms)
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSandbox } from "../../sandbox/server";
import { fmt, summarize, timeEach } from "./lib";
import { serverToken } from "../../sandbox/dev-client";

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(url: string, method: string, token: string, body?: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(data ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

// With persistence on, as `npm run sandbox` runs it.
const dataDir = mkdtempSync(join(tmpdir(), "sandbox-bench-"));
const sandbox = await startSandbox({ dataDir });
const token = await serverToken(sandbox.url);

const charge = (i: number) =>
  request(`${sandbox.url}/v1/charges`, "POST", token, {
    transaction: { reference: `bench-${i}`, amount: 1000 + i, currency: "USD", country: "US" },
    payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
  });

await timeEach(500, (i) => charge(1_000_000 + i)); // warm-up
const chargeTimes = await timeEach(2000, charge);
const id = Object.keys(sandbox.store.state.transactions)[0]!;
await timeEach(500, () => request(`${sandbox.url}/v1/transactions/${id}`, "GET", token));
const inquiryTimes = await timeEach(5000, () => request(`${sandbox.url}/v1/transactions/${id}`, "GET", token));

for (const [name, samples] of [
  ["inquiry GET /v1/transactions/:id", inquiryTimes],
  ["charge POST /v1/charges", chargeTimes],
] as const) {
  const s = summarize(samples);
  console.log(`${name.padEnd(36)} n=${s.n} p50=${fmt(s.p50)} p95=${fmt(s.p95)} p99=${fmt(s.p99)}`);
}
agent.destroy();
await sandbox.close();
rmSync(dataDir, { recursive: true, force: true });
