import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { auditedExport } from "./export";
import { csvDownload, inBatches } from "@/lib/platform/api/csv";
import { staffOf } from "@/test/staff";

// An export's audit rows say how many rows left and whether the file was whole: the single row
// written before the first line said only that someone asked.
const manager: StaffUser = staffOf({
  id: "00000000-0000-4000-8000-0000000000ee",
  email: "export-manager@example.com",
  name: "Ex",
  role: "manager",
});
const actor = actorFor(manager, { ip: "127.0.0.1", userAgent: "vitest" });

// Batches of one row, so each row handed over is seen.
async function* numbers(count: number, failAt?: number) {
  for (let i = 1; i <= count; i++) {
    if (i === failAt) throw new Error("connection terminated");
    yield [[i]];
  }
}

async function* oneByOne(count: number) {
  for (let i = 1; i <= count; i++) yield [i];
}

const rowsOf = (action: string) =>
  db.auditLog.findMany({ where: { action }, orderBy: { id: "asc" }, select: { result: true, detail: true } });

describe("auditedExport", () => {
  it("a download built and never read (a HEAD request) is not on record", async () => {
    // Next answers HEAD with the GET handler and never reads the body: that wrote an opening row
    // for a download that never happened.
    const action = `test.export.${randomUUID()}`;
    const res = csvDownload(await auditedExport(actor, action, {}, numbers(10)), ["n"], "numbers.csv");
    await new Promise((r) => setTimeout(r, 200));
    expect(await rowsOf(action)).toEqual([]);
    await res.body!.cancel();
  });

  it("counts the rows of every batch, not the batches", async () => {
    const action = `test.export.${randomUUID()}`;
    for await (const _ of await auditedExport(actor, action, {}, inBatches(oneByOne(1234), 100)));
    expect((await rowsOf(action)).at(-1)).toEqual({ result: "succeeded", detail: { filter: {}, rows: 1234 } });
  });

  it("records the request before the first row and the row count once the file is whole", async () => {
    const action = `test.export.${randomUUID()}`;
    const rows = await auditedExport(actor, action, { status: "Won" }, numbers(1234));
    const reading = rows[Symbol.asyncIterator]();
    await reading.next();
    expect(await rowsOf(action)).toEqual([{ result: "ok", detail: { filter: { status: "Won" } } }]);
    let read = 1;
    for (let r = await reading.next(); !r.done; r = await reading.next()) read++;
    expect(read).toBe(1234);
    expect(await rowsOf(action)).toEqual([
      { result: "ok", detail: { filter: { status: "Won" } } },
      { result: "succeeded", detail: { filter: { status: "Won" }, rows: 1234 } },
    ]);
  });

  it("a read that fails part-way is recorded as failed with the rows written before it", async () => {
    const action = `test.export.${randomUUID()}`;
    const rows = await auditedExport(actor, action, {}, numbers(100, 41));
    let read = 0;
    await expect(async () => {
      for await (const _ of rows) read++;
    }).rejects.toThrow("connection terminated");
    expect(read).toBe(40);
    expect((await rowsOf(action)).at(-1)).toEqual({
      result: "failed",
      detail: { filter: {}, rows: 40, stopped: "read failed" },
    });
  });

  it("a download the person cancels is recorded as failed, cancelled, with what had left", async () => {
    const action = `test.export.${randomUUID()}`;
    const rows = await auditedExport(actor, action, {}, numbers(100));
    for await (const [row] of rows) if (row?.[0] === 7) break;
    expect((await rowsOf(action)).at(-1)).toEqual({
      result: "failed",
      detail: { filter: {}, rows: 7, stopped: "cancelled" },
    });
  });

  it("a download cancelled mid-file, as the browser does it (the response stream cancelled), is recorded as cancelled", async () => {
    // What reaches the rows then is the stream's abort, thrown where a row is handed over: it
    // was recorded as a failed read.
    const action = `test.export.${randomUUID()}`;
    const res = csvDownload(await auditedExport(actor, action, {}, inBatches(oneByOne(100_000))), ["n"], "numbers.csv");
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(async () => (await rowsOf(action)).length).toBe(2);
    const closing = (await rowsOf(action)).at(-1)!;
    expect(closing).toMatchObject({ result: "failed", detail: { stopped: "cancelled" } });
    expect((closing.detail as { rows: number }).rows).toBeLessThan(100_000);
  });
});
