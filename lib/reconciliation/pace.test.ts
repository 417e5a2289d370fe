import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { overrideConfigForTests } from "@/lib/platform/config";
import { updateSettings } from "@/lib/platform/settings/service";
import { charge, freshEachTest, setUpSandbox } from "@/test/operations-harness";
import { derivedRate, dueAt, secondsUntilDue } from "./pace";
import { runSlice, secondsToNext, startRun } from "./run";

// The daily run spread over RECONCILIATION_WINDOW_HOURS, the Settings rate its ceiling.

setUpSandbox();
freshEachTest();
beforeEach(async () => {
  await db.reconciliationException.deleteMany();
  await db.reconciliationRun.deleteMany();
  await updateSettings({ reconciliationRatePerSecond: 3, reconciliationDays: 3 }, "test");
});

const run = (o: { rate: number | null; checked: number; notChecked?: string[] }) => ({
  startedAt: new Date(0),
  checked: o.checked,
  notChecked: o.notChecked ?? [],
  ratePerSecond: o.rate,
});

describe("a run's pace", () => {
  it("is the scope over the window for the daily run, and the ceiling for Run now", () => {
    overrideConfigForTests({ RECONCILIATION_WINDOW_HOURS: "20" });
    expect(derivedRate("schedule", 72_000)).toBe(1);
    expect(derivedRate("manual", 72_000)).toBeNull();
    // 100,000 charges over 20 hours: about 1.39 a second, under the default ceiling of 3.
    expect(derivedRate("schedule", 100_000)).toBeCloseTo(1.389, 3);
  });

  it("dues the n-th charge at start + n ÷ rate, the passed-over ones counted; the ceiling when slower", () => {
    expect(dueAt(run({ rate: 0.5, checked: 3, notChecked: ["x"] }), 3)).toBe(8_000);
    expect(dueAt(run({ rate: null, checked: 3 }), 3)).toBe(0);
    // Past the ceiling (more charges than the window holds): the ceiling's own gap paces it.
    expect(dueAt(run({ rate: 5, checked: 3 }), 3)).toBe(0);
    expect(secondsUntilDue(run({ rate: 0.5, checked: 3 }), 3, 1_000)).toBe(5);
  });

  it("checks the daily run's first charge at once and hands the next slice its due time", async () => {
    overrideConfigForTests({ RECONCILIATION_WINDOW_HOURS: "1" });
    await charge();
    await charge();
    const daily = await startRun("schedule");
    expect(daily).toMatchObject({ scope: 2, ratePerSecond: 2 / 3600 });
    expect(await runSlice(daily.id, 2_000)).toBe("more");
    const after = await db.reconciliationRun.findUniqueOrThrow({ where: { id: daily.id } });
    expect(after.checked).toBe(1);
    // The second is due half an hour after the start.
    expect(await secondsToNext(daily.id)).toBeGreaterThan(1790);
    expect(await secondsToNext(daily.id)).toBeLessThanOrEqual(1800);
  });
});
