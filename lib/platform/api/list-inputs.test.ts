import { describe, expect, it } from "vitest";
import { decodeCursor, transactionFilterSchema } from "@/lib/ledger/filters";
import { listTransactions } from "@/lib/ledger/query";
import { transactionExportBatches } from "@/lib/ledger/export";
import { auditFilterSchema, iterateAudit, listAudit } from "@/lib/platform/audit/query";
import { inboxFilterSchema, listNotifications } from "@/lib/webhooks/query";
import { pageChargebacks } from "@/lib/chargebacks/query";
import { chargebackFilterSchema } from "@/lib/chargebacks/schemas";
import { declarationFilterSchema } from "@/lib/declarations/schemas";
import { pageDeclarations } from "@/lib/declarations/view";
import { dailySummary, reportRange, reportRangeSchema } from "@/lib/reports/service";

// docs/api.md promises that a list ignores a value it cannot use: an impossible date, a
// cursor that is not one of ours, an id past bigint, a NUL byte. None of them may reach
// PostgreSQL as an error (a 500); each is dropped as if absent.
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const HOSTILE_TEXT = ["a\u0000b", "\u0000"];
const BAD_DAYS = ["2026-02-31", "2026-13-01", "2026-00-10", "0000-00-00", "9999-99-99", "2026-1-1", "yesterday"];
const BAD_IDS = ["99999999999999999999", "9223372036854775808", "-1", "0", "1e5", "0x10", "abc"];

const drain = async (it: AsyncIterable<unknown>) => {
  for await (const _ of it) void _;
};

describe("list inputs a list cannot use are ignored, never a 500", () => {
  it("transactions: impossible dates, foreign cursors, NUL bytes", async () => {
    const cases: Record<string, string | undefined>[] = [
      ...BAD_DAYS.flatMap((d) => [{ from: d }, { to: d }]),
      ...[
        "garbage",
        "%%%",
        cursor(["not a time", "x"]),
        cursor(["1", "x"]),
        cursor(["2026-02-31T00:00:00Z", "x"]),
        cursor([1, 2]),
        cursor({}),
        cursor(["99999999999999999999999", "x"]),
      ].flatMap((c) => [{ cursor: c }, { cursor: c, sort: "amount" }]),
      ...HOSTILE_TEXT.flatMap((t) => [{ q: t }, { method: t }]),
    ];
    for (const raw of cases) {
      const filter = { ...transactionFilterSchema.parse(raw), timeZone: "Asia/Shanghai" };
      await expect(listTransactions(filter), JSON.stringify(raw)).resolves.toHaveProperty("rows");
      await expect(drain(transactionExportBatches(filter)), JSON.stringify(raw)).resolves.toBeUndefined();
    }
    expect(transactionFilterSchema.parse({ from: "2026-02-31", to: "2026-02-28" })).toMatchObject({
      from: undefined,
      to: "2026-02-28",
    });
    expect(decodeCursor("garbage")).toBeNull();
    expect(decodeCursor(cursor(["2026-01-02T03:04:05.678Z", "ch_1"]))).toEqual(["2026-01-02T03:04:05.678Z", "ch_1"]);
    expect(decodeCursor(cursor(["1250", "ch_1"]), "amount")).toEqual(["1250", "ch_1"]);
  });

  it("audit: impossible dates, ids past bigint, NUL bytes", async () => {
    const cases: Record<string, string | undefined>[] = [
      ...BAD_DAYS.flatMap((d) => [{ from: d }, { to: d }]),
      ...BAD_IDS.map((before) => ({ before })),
      ...HOSTILE_TEXT.flatMap((t) => [{ actor: t }, { action: t }]),
    ];
    for (const raw of cases) {
      const filter = { ...auditFilterSchema.parse(raw), timeZone: "Asia/Shanghai" };
      await expect(listAudit(filter), JSON.stringify(raw)).resolves.toHaveProperty("rows");
      await expect(drain(iterateAudit(filter)), JSON.stringify(raw)).resolves.toBeUndefined();
    }
  });

  // A NUL byte in any query value is dropped for every route by route() (lib/platform/api/route-inputs.test.ts).
  it("webhooks: a `before` past bigint or of no number shape", async () => {
    for (const raw of BAD_IDS.map((before) => ({ before }))) {
      await expect(listNotifications(inboxFilterSchema.parse(raw)), JSON.stringify(raw)).resolves.toBeDefined();
    }
  });

  it("reports: impossible days fall back to the default range", async () => {
    for (const d of BAD_DAYS) {
      for (const raw of [{ from: d }, { to: d }, { from: d, to: d }]) {
        await expect(
          dailySummary(reportRange(reportRangeSchema.parse(raw), "Asia/Shanghai")),
          JSON.stringify(raw),
        ).resolves.toBeInstanceOf(Array);
      }
    }
  });

  it("chargebacks and customs declarations: NUL bytes in the search", async () => {
    for (const q of HOSTILE_TEXT) {
      await expect(pageChargebacks(chargebackFilterSchema.parse({ q })).then((p) => p.rows)).resolves.toBeInstanceOf(
        Array,
      );
      for (const raw of [{ q }, { customsStatus: q }]) {
        await expect(
          pageDeclarations(declarationFilterSchema.parse(raw)).then((p) => p.rows),
          JSON.stringify(raw),
        ).resolves.toBeInstanceOf(Array);
      }
    }
  });
});
