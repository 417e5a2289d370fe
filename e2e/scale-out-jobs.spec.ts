import { expect, test } from "@playwright/test";
import { keyringOrThrow, seedSandboxCredentials } from "../scripts/lib/secrets";
import { withPg } from "../scripts/lib/users";
import { databaseUrl, sql } from "./support/users";
import { type Instance, startInstances } from "./support/instances";

// Issue 18: the pg-boss schedules across several instances, one of them killed. The three
// instances run on a database of their own (npm test runs this spec beside the suite,
// playwright.apart.config.ts): the minutes it waits for the clock overlap the suite's.

test.describe("scheduled jobs on three instances", () => {
  test.describe.configure({ timeout: 300_000 });
  // The minute sweep (unknown operations, notifications left over, declarations) and the
  // followers (payment links, customs sub-orders, confirm outcomes) are pg-boss schedules:
  // every instance's clock offers the minute's job, one is created, one instance runs it.
  const jobs = (since: Date) =>
    sql<{ name: string; minute: string; n: number; retried: number; completed: number }>(
      `SELECT name, date_trunc('minute', created_on)::text AS minute, count(*)::int AS n,
              count(*) FILTER (WHERE retry_count > 0)::int AS retried, count(*) FILTER (WHERE state = 'completed')::int AS completed
         FROM (SELECT name, created_on, retry_count, state::text FROM pgboss.job UNION ALL SELECT name, created_on, retry_count, state::text FROM pgboss.archive) j
        WHERE name IN ('operations-sweep', 'providers-follow') AND created_on >= $1 GROUP BY 1, 2 ORDER BY 2, 1`,
      [since],
    );

  test("run once a minute across the instances, and go on when the one running them is killed", async () => {
    await withPg(databaseUrl(), (client) =>
      seedSandboxCredentials(client, keyringOrThrow(process.env), {
        privateKey: "sk_sandbox_default_private_key",
        customsToken: "ct_sandbox_default",
        webhookSecret: "whsec_sandbox_default",
      }),
    );
    const [{ now: since }] = (await sql<{ now: Date }>("SELECT now() AS now")) as [{ now: Date }];
    const [a, b, c] = (await startInstances(3)) as [Instance, Instance, Instance];
    try {
      for (const url of [a.url, b.url, c.url]) {
        await expect(async () =>
          expect((await (await fetch(`${url}/api/ready`)).json()).checks.workers).toBe("running"),
        ).toPass({ timeout: 30_000 });
      }
      const completedFollows = async () =>
        (await jobs(since)).filter((j) => j.name === "providers-follow").reduce((t, j) => t + j.completed, 0);
      await expect(async () => expect(await completedFollows()).toBeGreaterThanOrEqual(1)).toPass({
        timeout: 75_000,
        intervals: [1000],
      });
      c.child.kill("SIGKILL"); // whatever it held, the minute's next jobs come from the others
      const before = await completedFollows();
      // On a busy machine the next minute's job may finish well after the minute turns.
      await expect(async () => expect(await completedFollows()).toBeGreaterThan(before)).toPass({
        timeout: 150_000,
        intervals: [1000],
      });
      const rows = await jobs(since);
      expect(rows.length).toBeGreaterThanOrEqual(4); // two minutes, two schedules
      for (const row of rows) expect({ ...row, n: row.n, retried: row.retried }).toEqual({ ...row, n: 1, retried: 0 });
    } finally {
      for (const i of [a, b, c]) i.child.kill("SIGKILL");
      await Promise.all([a.exited, b.exited, c.exited]);
    }
  });
});
