import { beforeAll, describe, expect, it } from "vitest";
import { GET as chargebackSummary } from "@/app/api/chargebacks/summary/route";
import { GET as summaryCsv } from "@/app/api/reports/summary.csv/route";
import { parseDay, parseMonth } from "@/lib/platform/i18n/days";
import { getAs, signedInAs } from "@/test/route-session";

// Issue 30, item 9: a day or month at the calendar's edges answered 500 ("RangeError: not a
// day"). One parser decides: inside the computable calendar it is used, outside it the
// report answers 422 naming the accepted range, and a malformed value falls back to the default.

let cookie = "";
beforeAll(async () => {
  cookie = (await signedInAs("finance")).cookie;
});

describe("calendar edges of the reports", () => {
  it.each([
    ["/api/reports/summary.csv?to=9999-12-31", "1970-01-01", "2999-12-31"],
    ["/api/reports/summary.csv?from=0001-01-01", "1970-01-01", "2999-12-31"],
    ["/api/reports/summary.csv?from=0099-12-31&to=0100-01-01", "1970-01-01", "2999-12-31"],
    ["/api/chargebacks/summary?to=9999-12", "1970-01", "2999-12"],
    ["/api/chargebacks/summary?from=0001-01&to=0001-06", "1970-01", "2999-12"],
  ])("%s answers 422 with the accepted range", async (path, first, last) => {
    const handler = path.startsWith("/api/reports") ? summaryCsv : chargebackSummary;
    const res = await getAs(handler, cookie, path);
    expect(res.status).toBe(422);
    const { error } = await res.json();
    expect(error.code).toBe("unprocessable_entity");
    expect(error.message).toContain(first);
    expect(error.message).toContain(last);
  });

  it.each([
    ["/api/reports/summary.csv?from=1970-01-01&to=1970-01-31", summaryCsv],
    ["/api/reports/summary.csv?from=2999-12-01&to=2999-12-31", summaryCsv],
    ["/api/reports/summary.csv?from=yesterday&to=2026-02-31", summaryCsv],
    ["/api/chargebacks/summary?from=2999-01&to=2999-12", chargebackSummary],
    ["/api/chargebacks/summary?from=1970-01&to=1970-06", chargebackSummary],
    ["/api/chargebacks/summary?from=1970-13", chargebackSummary],
  ])("%s is computed (the edges inside, a malformed value dropped)", async (path, handler) => {
    expect((await getAs(handler, cookie, path)).status).toBe(200);
  });

  it("one parser: malformed, out of range or a day", () => {
    expect(parseDay("2026-02-31")).toEqual({ ok: false, reason: "malformed" });
    expect(parseDay("0001-01-01")).toEqual({ ok: false, reason: "out_of_range" });
    expect(parseDay("9999-12-31")).toEqual({ ok: false, reason: "out_of_range" });
    expect(parseDay("2024-02-29")).toEqual({ ok: true, value: "2024-02-29" });
    expect(parseMonth("0001-06")).toEqual({ ok: false, reason: "out_of_range" });
    expect(parseMonth("2026-13")).toEqual({ ok: false, reason: "malformed" });
  });
});
