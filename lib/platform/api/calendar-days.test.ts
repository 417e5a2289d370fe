import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, it } from "vitest";
import { auditFilterSchema, listAudit } from "@/lib/platform/audit/query";
import { db } from "@/lib/platform/db";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { listTransactions } from "@/lib/ledger/query";
import { summarizeTransactions } from "@/lib/ledger/summary";
import { dailySummary, reportRange } from "@/lib/reports/service";
import { ledgerRow } from "@/test/factories";
import { csvDownload, localTime, withLocalTimes } from "./csv";
import { dayBounds } from "./list-params";

// Issue 21: a list's days are the reader's calendar days. 2024-03-10 in Shanghai runs from
// 2024-03-09T16:00Z to 2024-03-10T16:00Z: a charge at 15:59Z is the day before there.

const BEFORE = new Date("2024-03-09T15:59:00Z");
const AFTER = new Date("2024-03-09T16:01:00Z");
const DAY = { from: "2024-03-10", to: "2024-03-10" };

describe("day filters in the reader's zone", () => {
  beforeEach(async () => {
    await db.ledgerTransaction.deleteMany({ where: { id: { startsWith: "tz-" } } });
    await db.ledgerTransaction.createMany({
      data: [
        ledgerRow({ id: "tz-before", reference: "tz-before", currency: "CHF", timeCreated: BEFORE }),
        ledgerRow({ id: "tz-after", reference: "tz-after", currency: "CHF", timeCreated: AFTER }),
      ],
    });
  });

  it("turns from/to into the zone's midnights, both days included", () => {
    expect(dayBounds({ ...DAY, timeZone: "Asia/Shanghai" })).toEqual({
      gte: new Date("2024-03-09T16:00:00Z"),
      lt: new Date("2024-03-10T16:00:00Z"),
    });
    expect(dayBounds({ ...DAY, timeZone: "UTC" })).toEqual({
      gte: new Date("2024-03-10T00:00:00Z"),
      lt: new Date("2024-03-11T00:00:00Z"),
    });
    expect(dayBounds({ from: "2026-03-08", timeZone: "America/Los_Angeles" })).toEqual({
      gte: new Date("2026-03-08T08:00:00Z"),
    });
    // The last day Date can follow leaves the end open instead of failing the list.
    expect(dayBounds({ to: "9999-12-31", timeZone: "Asia/Shanghai" })).toEqual({});
  });

  it("the transaction list and its summary", async () => {
    const ids = async (timeZone: string) =>
      (await listTransactions({ ...transactionFilterSchema.parse({ ...DAY, q: "tz-" }), timeZone })).rows.map(
        (r) => r.id,
      );
    expect(await ids("Asia/Shanghai")).toEqual(["tz-after"]);
    expect(await ids("UTC")).toEqual([]);
    expect(await ids("America/Los_Angeles")).toEqual([]);
    const summary = await summarizeTransactions({
      ...transactionFilterSchema.parse({ ...DAY, q: "tz-" }),
      timeZone: "Asia/Shanghai",
    });
    expect(summary).toMatchObject({ count: 1 });
  });

  it("the audit log", async () => {
    const action = `tz.test.${Date.now()}`; // the audit log is append-only: a fresh action per run
    await db.auditLog.createMany({
      data: [
        { action, result: "ok", at: BEFORE, reason: "before" },
        { action, result: "ok", at: AFTER, reason: "after" },
      ],
    });
    const reasons = async (timeZone: string) =>
      (await listAudit({ ...auditFilterSchema.parse({ ...DAY, action }), timeZone })).rows.map((r) => r.reason);
    expect(await reasons("Asia/Shanghai")).toEqual(["after"]);
    expect(await reasons("UTC")).toEqual([]);
  });

  it("report days are the reporting zone's, today there by default", async () => {
    const range = reportRange(DAY, "Asia/Shanghai");
    const rows = (await dailySummary(range)).filter((r) => r.currency === "CHF");
    expect(rows.map((r) => [r.day, r.charges])).toEqual([["2024-03-10", 1]]);
    const before = (await dailySummary(reportRange({ from: "2024-03-09", to: "2024-03-09" }, "Asia/Shanghai"))).find(
      (r) => r.currency === "CHF",
    );
    expect(before?.day).toBe("2024-03-09");
    expect(reportRange({}, "Asia/Shanghai", AFTER)).toEqual({
      from: "2024-02-10",
      to: "2024-03-10",
      timeZone: "Asia/Shanghai",
    });
    expect(reportRange({}, "UTC", AFTER).to).toBe("2024-03-09");
  });
});

describe("CSV exports: ISO 8601 UTC and the exporter's local time beside it", () => {
  it("names the zone in the header and writes the wall-clock time", async () => {
    const local = withLocalTimes(["id", "time_created", "note"], ["time_created"], "Asia/Shanghai");
    expect(local.columns).toEqual(["id", "time_created", "time_created_local (Asia/Shanghai)", "note"]);
    const text = await csvDownload(
      [local.row(["ch_1", AFTER.toISOString(), "=cmd()"]), local.row(["ch_2", "", "x"])],
      local.columns,
      "t.csv",
    ).text();
    expect(parse(text)).toEqual([
      local.columns,
      ["ch_1", "2024-03-09T16:01:00.000Z", "2024-03-10 00:01:00", "'=cmd()"],
      ["ch_2", "", "", "x"],
    ]);
  });

  it("follows daylight saving time and never writes what a spreadsheet would run", () => {
    expect(localTime("2026-07-01T12:00:00Z", "America/Los_Angeles")).toBe("2026-07-01 05:00:00");
    expect(localTime("2026-12-01T12:00:00Z", "America/Los_Angeles")).toBe("2026-12-01 04:00:00");
    expect(localTime(new Date("2024-03-09T15:59:00Z"), "Asia/Shanghai")).toBe("2024-03-09 23:59:00");
    for (const bad of [null, undefined, "", "not a time"]) expect(localTime(bad, "UTC")).toBe("");
    expect(localTime("2026-11-23T00:00:00Z", "UTC")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});
