// The sending side of bench:scale's intake figure, in its own process: signed charge notifications
// (authorized, then captured, per charge) at a fixed RATE for SECONDS, open loop: each has its
// time to leave, and its ack latency counts from that time (a console that falls behind shows
// it as latency, not as a slower sender). Sends for SECONDS of wall time: what was not due by
// then is not sent, so a sender that falls behind reports the rate it reached instead of
// running on for as long as its backlog takes. Prints one JSON line per WINDOW seconds and a summary.
import http from "node:http";
import { signSha256 } from "../../../sandbox/webhooks";
import { postJson, summarize } from "../lib";

const url = new URL(process.env.TARGET_URL!);
const secret = process.env.WEBHOOK_SECRET!;
const rate = Number(process.env.RATE ?? 1500);
const seconds = Number(process.env.SECONDS ?? 60);
const windowSeconds = Number(process.env.WINDOW ?? 10);
const maxInFlight = Number(process.env.CONCURRENCY ?? 256);
const prefix = process.env.ID_PREFIX ?? `7${Date.now()}`;

function body(n: number) {
  const charge = Math.floor(n / 2);
  const status = n % 2 === 0 ? "authorized" : "captured";
  const amount = 1000 + (charge % 9000);
  const values: Record<string, string | number> = {
    id: `${prefix}${String(charge).padStart(9, "0")}`,
    transaction_type: "charge",
    reference: `scale-${prefix}-${charge}`,
    amount,
    currency: "USD",
    status,
    time_completed: new Date().toISOString(),
    time_created: new Date().toISOString(),
    payment_method: "card",
    amount_captured: status === "captured" ? String(amount) : "",
    amount_refunded: "",
  };
  const fields = Object.keys(values);
  const signed: Record<string, string | number> = { ...values, fields: fields.join(",") };
  signed.sign = signSha256(signed, fields, secret);
  return JSON.stringify(signed);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
const post = (payload: string) => postJson(agent, url, payload);

const total = Math.round(rate * seconds);
const started = performance.now();
let window = { index: 0, latencies: [] as number[], statuses: {} as Record<number, number> };
const all: number[] = [];
const statuses: Record<number, number> = {};
let inFlight = 0;
let next = 0;
let done = 0;

function closeWindow() {
  const w = window;
  console.log(
    JSON.stringify({
      window: w.index,
      atSeconds: (w.index + 1) * windowSeconds,
      ack: summarize(w.latencies),
      statuses: w.statuses,
    }),
  );
  window = { index: w.index + 1, latencies: [], statuses: {} };
}

await new Promise<void>((finish) => {
  const tick = () => {
    const now = performance.now();
    const open = now - started < seconds * 1000;
    while (open && next < total && inFlight < maxInFlight && started + (next * 1000) / rate <= now) {
      const n = next++;
      const due = started + (n * 1000) / rate;
      inFlight++;
      void post(body(n)).then((status) => {
        inFlight--;
        done++;
        const ms = performance.now() - due;
        const w = Math.floor((due - started) / 1000 / windowSeconds);
        while (w > window.index) closeWindow();
        if (w === window.index) {
          window.latencies.push(ms);
          window.statuses[status] = (window.statuses[status] ?? 0) + 1;
        }
        all.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (done === total || (performance.now() - started >= seconds * 1000 && done === next)) finish();
      });
    }
    if (!open && done === next) finish();
    else if (next < total) setTimeout(tick, 2);
  };
  tick();
});
closeWindow();
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
console.log(
  JSON.stringify({
    summary: true,
    sent: next,
    seconds: elapsed,
    rate: next / Math.min(elapsed, seconds),
    ack: summarize(all),
    statuses,
    prefix,
    // The sender's own CPU (user + system), so the report can say what it took of the machine.
    cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  }),
);
