// The outbox under a burst (issue 35): 10,000 events written by the outbox's own statements
// (in transactions of 100, as causes would), then delivered by the real delivery loop (the
// job workers' mailer, lib/notifications/mailer-loop.ts) to the local SMTP sink on loopback.
// Reports the write rate, the time to drain and the throughput, duplicates counted at the sink
// per Message-ID and per Message-ID and recipient, the rows' end states, and this process's
// memory before and after. Beside it, a naive baseline: one claim of one row and one send at a
// time (no batch, no concurrency), over BASELINE events.
// usage: npm run bench:notifications   (EVENTS=10000 BASELINE=1000 USERS=100)
import { runPrisma } from "../prisma";
import { recreateDatabase, startTestCluster } from "../lib/test-postgres";
import { startMailSink } from "../lib/mail-sink";
import { withPg } from "../lib/users";

const EVENTS = Number(process.env.EVENTS ?? 10_000);
const BASELINE = Number(process.env.BASELINE ?? 1_000);
const USERS = Number(process.env.USERS ?? 100);
const TX = 100;

const secs = (n: number) => Math.round(n * 100) / 100;
const mib = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
const gc = (globalThis as { gc?: () => void }).gc;
function memory() {
  gc?.();
  const m = process.memoryUsage();
  return { rssMiB: mib(m.rss), heapUsedMiB: mib(m.heapUsed) };
}

const cluster = await startTestCluster();
const sink = await startMailSink({ webPort: null });
try {
  const databaseUrl = cluster.databaseUrl("bench_notifications");
  await recreateDatabase(cluster.adminUrl, "bench_notifications");
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    SMTP_URL: sink.smtpUrl,
    NEXTAUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
    SECRETS_KEY: "YmVuY2gtb25seS1zZWNyZXRzLWtleS0zMi1ieXRlcyE=",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  });
  if ((await runPrisma(["migrate", "deploy"], process.env)) !== 0) throw new Error("migrate deploy failed");
  // Loaded once the environment names this database and the sink.
  const { db, pool } = await import("../../lib/platform/db");
  const { notificationWrites } = await import("../../lib/notifications/outbox");
  const { startMailer } = await import("../../lib/notifications/mailer-loop");
  const { claimEmails, deliverOne } = await import("../../lib/notifications/deliver");
  const { sendMail } = await import("../../lib/platform/mail/transport");

  const ids = await withPg(databaseUrl, async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `INSERT INTO users (id, email, name, role, password_hash, updated_at)
       SELECT gen_random_uuid(), 'bench-' || g || '@example.com', 'Bench ' || g, 'finance', 'x', now()
         FROM generate_series(1, $1) g RETURNING id::text`,
      [USERS],
    );
    return rows.map((r) => r.id);
  });
  const burst = async (n: number, tag: string) => {
    const t0 = performance.now();
    for (let i = 0; i < n; i += TX)
      await db.$transaction(
        Array.from({ length: Math.min(TX, n - i) }, (_, j) =>
          notificationWrites(db, {
            kind: "paymentLinkPaid",
            params: {
              reference: `${tag}-${i + j}`,
              amountMinor: 14_200,
              currency: "CNY",
              charge: `ch_${tag}_${i + j}`,
            },
            link: `/payment-links?q=${tag}-${i + j}`,
            to: { users: [ids[(i + j) % ids.length]!] },
          }),
        ).flat(),
      );
    return (performance.now() - t0) / 1000;
  };
  const pending = async () =>
    (
      await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM notification_deliveries WHERE channel = 'email' AND status = 'pending'",
      )
    ).rows[0]!.n;
  const states = async () =>
    (
      await pool.query<{ status: string; n: number }>(
        "SELECT status::text, count(*)::int AS n FROM notification_deliveries WHERE channel = 'email' GROUP BY 1 ORDER BY 1",
      )
    ).rows;
  const atSink = () => {
    const perId = new Map<string, number>();
    const perIdAndTo = new Map<string, number>();
    for (const m of sink.messages) {
      perId.set(m.messageId, (perId.get(m.messageId) ?? 0) + 1);
      const k = `${m.messageId} ${m.envelopeTo.join(",")}`;
      perIdAndTo.set(k, (perIdAndTo.get(k) ?? 0) + 1);
    }
    const extra = (m: Map<string, number>) => [...m.values()].reduce((s, v) => s + v - 1, 0);
    return {
      received: sink.messages.length,
      unique: perId.size,
      duplicates: extra(perId),
      duplicatesPerRecipient: extra(perIdAndTo),
    };
  };

  // Warm-up: the SMTP transport, the pools, the render path.
  await burst(50, "warm");
  await sendMail({ to: "warm@example.com", subject: "warm", text: "warm", html: "warm", messageId: "<warm@bench>" });
  {
    const mailer = startMailer({ pollMs: 100 });
    while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 100));
    await mailer.stop();
  }
  sink.messages.length = 0;
  await pool.query("TRUNCATE notification_events CASCADE");

  console.log(`writing ${EVENTS} events…`);
  const writeSeconds = await burst(EVENTS, "burst");
  const before = memory();
  const t0 = performance.now();
  const mailer = startMailer({ pollMs: 100 });
  let peakRssMiB = before.rssMiB;
  while ((await pending()) > 0) {
    await new Promise((r) => setTimeout(r, 100));
    peakRssMiB = Math.max(peakRssMiB, mib(process.memoryUsage().rss));
  }
  await mailer.stop();
  const drainSeconds = (performance.now() - t0) / 1000;
  // The sink keeps every message in this process: counted, then let go before memory is read again.
  const sinkCounts = atSink();
  const rows = await states();
  sink.messages.length = 0;
  const after = memory();

  // Naive baseline: claim one row, send it, mark it; one after the other.
  await pool.query("TRUNCATE notification_events CASCADE");
  await burst(BASELINE, "naive");
  const t1 = performance.now();
  for (;;) {
    const [claim] = await claimEmails(1);
    if (!claim) break;
    await deliverOne(claim, (mail) => sendMail(mail), "", new Date());
  }
  const naiveSeconds = (performance.now() - t1) / 1000;
  const naive = atSink();

  const result = {
    events: EVENTS,
    recipients: USERS,
    write: { seconds: secs(writeSeconds), eventsPerSecond: Math.round(EVENTS / writeSeconds) },
    drain: { seconds: secs(drainSeconds), mailsPerSecond: Math.round(EVENTS / drainSeconds) },
    sink: sinkCounts,
    rows,
    memory: { before, peakRssMiB, after },
    naive: {
      events: BASELINE,
      seconds: secs(naiveSeconds),
      mailsPerSecond: Math.round(BASELINE / naiveSeconds),
      sink: naive,
    },
  };
  console.log(JSON.stringify(result, null, 2));
  const ok =
    sinkCounts.unique === EVENTS && sinkCounts.duplicates === 0 && rows.length === 1 && rows[0]!.status === "sent";
  console.log(ok ? "all delivered once" : "NOT all delivered once");
  await db.$disconnect();
  await pool.end();
  process.exitCode = ok ? 0 : 1;
} finally {
  await sink.close();
  cluster.stop();
  process.exit();
}
