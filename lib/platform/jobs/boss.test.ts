import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { config } from "@/lib/platform/config";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { getBoss, QUEUES, stopBoss } from "./boss";

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
