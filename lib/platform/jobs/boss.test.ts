import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { config } from "@/lib/platform/config";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import pg from "pg";
import { getBoss, QUEUES, startBoss, stopBoss } from "./boss";

describe("the job queues", () => {
  afterAll(() => stopBoss());

  it("a database made before a queue's settings changed gets them: the sweep a dead instance held is given up in 3 minutes", async () => {
    // As a console before this one left it: the sweep's queue with pg-boss's default expiry (15 minutes).
    const old = new PgBoss({
      ...pgConfigFromUrl(config().databaseUrl!),
      max: 1,
      schema: "pgboss",
      supervise: false,
      schedule: false,
    });
    await old.start();
    if (await old.getQueue(QUEUES.sweep)) await old.deleteQueue(QUEUES.sweep);
    await old.createQueue(QUEUES.sweep, { name: QUEUES.sweep, policy: "singleton" });
    expect((await old.getQueue(QUEUES.sweep))?.expireInSeconds ?? null).toBeNull();
    await old.stop({ graceful: false, wait: true });

    const boss = await getBoss();
    expect(await boss.getQueue(QUEUES.sweep)).toMatchObject({ policy: "singleton", expireInSeconds: 180 });
    // A sweep sent now (as the schedule sends it) carries that expiry.
    const id = await boss.send(QUEUES.sweep, {});
    expect((await boss.getJobById(QUEUES.sweep, id!))?.expireIn).toEqual({ minutes: 3 });
    await boss.purgeQueue(QUEUES.sweep);
  });
});

async function onServer(url: string, sql: string) {
  const client = new pg.Client(pgConfigFromUrl(url));
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

describe("instances starting together on a new database", () => {
  // pg-boss creates its schema at its first start: four at once deadlocked, and the losers ran no workers until restarted.
  it("all start their workers", async () => {
    const name = `boss_race_${process.pid}_${Date.now().toString(36)}`;
    const url = new URL(config().databaseUrl!);
    const admin = url.toString();
    url.pathname = `/${name}`;
    await onServer(admin, `CREATE DATABASE "${name}"`);
    try {
      const started = await Promise.allSettled([1, 2, 3, 4].map(() => startBoss(url.toString())));
      await Promise.all(
        started.map((s) => (s.status === "fulfilled" ? s.value.stop({ graceful: false, wait: true }) : null)),
      );
      expect(started.map((s) => (s.status === "fulfilled" ? "started" : String(s.reason)))).toEqual(
        Array(4).fill("started"),
      );
    } finally {
      await onServer(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }, 60_000);
});
