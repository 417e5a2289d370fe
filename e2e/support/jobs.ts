import PgBoss from "pg-boss";
import { expect } from "@playwright/test";
import { databaseUrl, sql } from "./users";

// A job run now, not at the next minute: the schedule's own job, sent the way the schedule
// sends it (a pg-boss job in the database), run by the console's workers, and awaited until it
// completed. Nothing in the console listens for tests: only a test, holding the database's
// password, can do this. e2e/scale-out-jobs.spec.ts alone proves that the schedule fires.

/** The minute schedules' queues (QUEUES in lib/platform/jobs/boss.ts; pg-boss refuses a name it does not know). */
const QUEUE_NAMES = { sweep: "operations-sweep", follow: "providers-follow" } as const;

let boss: Promise<PgBoss> | undefined;

function client(): Promise<PgBoss> {
  boss ??= (async () => {
    const b = new PgBoss({
      connectionString: databaseUrl(),
      schema: "pgboss",
      max: 2,
      // A sender only: no schedule of its own, no maintenance, no migration (the console's workers do those).
      schedule: false,
      supervise: false,
      migrate: false,
    });
    b.on("error", () => undefined);
    await b.start();
    return b;
  })();
  return boss;
}

/**
 * Runs the minute's job of `queue` now (the sweep: unknown operations, notifications left over,
 * declarations, totals…; the follow job: payment links, customs sub-orders, confirm outcomes,
 * charges heard only from a notification)
 * and resolves once the console's workers completed it.
 */
export async function runJobNow(queue: keyof typeof QUEUE_NAMES, timeout = 60_000): Promise<void> {
  const name = QUEUE_NAMES[queue];
  const b = await client();
  const id = await b.send(name, {});
  if (!id) throw new Error(`pg-boss refused a ${name} job`);
  await expect
    .poll(async () => (await b.getJobById(name, id))?.state, { timeout, intervals: [250] })
    .toMatch(/^(completed|failed)$/);
  const job = await b.getJobById(name, id);
  expect(job?.state, `the ${name} job ${JSON.stringify(job?.output)}`).toBe("completed");
}

/**
 * After an instance was killed: a job of `queue` it held stays active, and a singleton queue
 * runs no other, until pg-boss gives it up once its expiry (the queue's, asserted at most
 * `expiry` seconds) has passed and a supervisor's next maintenance (every two minutes) saw it.
 * As if that time had passed: held jobs are dated back past their expiry and the maintenance
 * runs now.
 */
export async function giveUpHeldJobs(queue: keyof typeof QUEUE_NAMES, expiry: number): Promise<void> {
  const name = QUEUE_NAMES[queue];
  const b = await client();
  const q = await b.getQueue(name);
  expect(q?.expireInSeconds, `${name}'s expiry`).toBeLessThanOrEqual(expiry);
  await sql(
    `UPDATE pgboss.job SET started_on = now() - expire_in - interval '1 second' WHERE name = $1 AND state = 'active'`,
    [name],
  );
  await b.maintain();
}

/**
 * Runs the job, then `check`, again until `check` passes: what the job acts on may not be due
 * at its first run (the sweep retries a notification 10 s after it arrived).
 */
export async function runJobUntil(queue: keyof typeof QUEUE_NAMES, check: () => Promise<void>, timeout = 60_000) {
  await expect(async () => {
    await runJobNow(queue);
    await check();
  }).toPass({ timeout, intervals: [1_000, 2_000] });
}
