// The sending side of `npm run bench:webhooks`, in its own process: signed charge
// notifications (authorized and captured for each charge), every one sent REPLAYS times,
// all shuffled, CONCURRENCY in flight. Prints one JSON line with the timings.
import http from "node:http";
import { signSha256 } from "../../sandbox/webhooks";
import { postJson, summarize } from "./lib";

// One or more consoles (comma-separated): notifications go to them in turn.
const urls = process.env.TARGET_URL!.split(",").map((u) => new URL(u));
const secret = process.env.WEBHOOK_SECRET!;
const charges = Number(process.env.CHARGES ?? 1000);
const replays = Number(process.env.REPLAYS ?? 10);
const concurrency = Number(process.env.CONCURRENCY ?? 32);
const prefix = process.env.ID_PREFIX ?? String(Date.now());

function body(id: string, status: string, i: number) {
  const values: Record<string, string | number> = {
    id,
    transaction_type: "charge",
    reference: `bench-${id}`,
    amount: 1000 + i,
    currency: "USD",
    status,
    time_completed: new Date().toISOString(),
    time_created: "2026-11-22T10:00:00.000Z",
    payment_method: "card",
    amount_captured: status === "captured" ? String(1000 + i) : "",
    amount_refunded: "",
  };
  const fields = Object.keys(values);
  const signed: Record<string, string | number> = { ...values, fields: fields.join(",") };
  signed.sign = signSha256(signed, fields, secret);
  return JSON.stringify(signed);
}

const unique: string[] = [];
for (let i = 0; i < charges; i++)
  for (const status of ["authorized", "captured"])
    unique.push(body(`${prefix}${String(i).padStart(8, "0")}`, status, i));
const queue = unique.flatMap((b) => Array.from({ length: replays }, () => b));
for (let i = queue.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [queue[i], queue[j]] = [queue[j]!, queue[i]!];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
let turn = 0;
const post = async (payload: string) => {
  const t = performance.now();
  const status = await postJson(agent, urls[turn++ % urls.length]!, payload);
  return { ms: performance.now() - t, status };
};

const latencies: number[] = [];
const statuses: Record<number, number> = {};
let next = 0;
const started = performance.now();
async function worker() {
  for (;;) {
    const i = next++;
    if (i >= queue.length) return;
    let r = await post(queue[i]!);
    // A non-2xx answer is retried, as the payment service would.
    while (r.status !== 200) {
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      await new Promise((res) => setTimeout(res, 50));
      r = await post(queue[i]!);
    }
    statuses[200] = (statuses[200] ?? 0) + 1;
    latencies.push(r.ms);
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
const seconds = (performance.now() - started) / 1000;
agent.destroy();
console.log(
  JSON.stringify({
    sent: queue.length,
    unique: unique.length,
    seconds,
    rate: queue.length / seconds,
    ack: summarize(latencies),
    statuses,
  }),
);
