import { parseAsArrayOf, parseAsStringLiteral } from "nuqs/server";
import { describe, expect, it, vi } from "vitest";
import { filterSchemaOf } from "./list-schema";
import { defineList } from "./list-state";
import { parseAsCode, parseAsCursor, parseAsDay, parseAsMinor, parseAsSearchText } from "./url-parsers";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { transactionList } from "@/lib/ledger/search-params";

const parsers = {
  q: parseAsSearchText(8),
  status: parseAsArrayOf(parseAsStringLiteral(["open", "won", "lost"] as const)),
  currency: parseAsCode(3),
  from: parseAsDay,
  min: parseAsMinor,
  sort: parseAsStringLiteral(["time", "amount"] as const).withDefault("time"),
  cursor: parseAsCursor(10),
};
const list = defineList<typeof parsers, { rows: string[] }>(parsers, {
  key: "things",
  path: "/things",
  api: "/api/things",
  fixed: { limit: "25" },
});

describe("a list's zod schema, derived from its parser map", () => {
  it("reads each key with its parser: good values through, defaults where absent", () => {
    expect(
      filterSchemaOf(parsers).parse({
        q: "  ab ",
        status: "open,won",
        currency: "USD",
        from: "2026-02-28",
        min: "250",
      }),
    ).toEqual({
      q: "ab",
      status: ["open", "won"],
      currency: "USD",
      from: "2026-02-28",
      min: 250,
      sort: "time",
      cursor: undefined,
    });
  });

  it("drops a refused value (lenient, as the API reads) and keeps what a list understands", () => {
    expect(
      filterSchemaOf(parsers).parse({
        q: "far too long text",
        status: "won,nonsense",
        currency: "usd",
        from: "2026-02-31",
        min: "-1",
        sort: "nope",
        cursor: "x".repeat(11),
      }),
    ).toEqual({
      q: undefined,
      status: ["won"],
      currency: undefined,
      from: undefined,
      min: undefined,
      sort: "time",
      cursor: undefined,
    });
  });

  it("names each refused value at its key when strict, in a catalog message with the value", () => {
    const result = filterSchemaOf(parsers, { lenient: false }).safeParse({ currency: "usd", status: "won,nonsense" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["status", 'validation.invalidFilter|{"value":"won,nonsense"}'],
      ["currency", 'validation.invalidFilter|{"value":"usd"}'],
    ]);
  });

  it("the transactions API's schema is the page's map: the same keys, plus the page size", () => {
    expect(Object.keys(transactionFilterSchema.shape).sort()).toEqual(
      [...Object.keys(transactionList.parsers), "limit"].sort(),
    );
  });
});

describe("a list's URL state", () => {
  it("says which values in an address it refuses, and nothing of good or absent ones", () => {
    expect(list.issues(new URLSearchParams("currency=usd&from=2026-02-28&sort=amount&other=x"))).toEqual([
      { key: "currency", message: 'validation.invalidFilter|{"value":"usd"}' },
    ]);
    expect(list.issues({ status: "won", min: "12" })).toEqual([]);
    expect(list.issues({ min: "1.5" }).map((i) => i.key)).toEqual(["min"]);
  });

  it("has one canonical query for a state: the server's key is the browser's", () => {
    const fromPage = list.load({ sort: "amount", currency: "EUR", status: "won", q: "" });
    const fromBrowser = list.load(new URLSearchParams("status=won&currency=EUR&sort=amount"));
    expect(list.search(fromPage)).toBe(list.search(fromBrowser));
    expect(list.search(fromPage)).toBe("status=won&currency=EUR&sort=amount");
    // A default is no part of the key; a refused value is as if absent.
    expect(list.search(list.load({ sort: "time", currency: "eur" }))).toBe("");
  });

  it("asks its route under its key: the URL's query in both, the page's fixed size in the request alone", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ rows: ["a"] }), { headers: { "content-type": "application/json" } });
    });
    try {
      const options = list.options(list.search(list.load({ status: "won", sort: "amount" })));
      expect(options.queryKey).toEqual(["things", "list", "status=won&sort=amount"]);
      expect(options.queryKey.slice(0, 1)).toEqual(list.key);
      expect(await options.queryFn!({} as never)).toEqual({ rows: ["a"] });
      expect(asked).toEqual(["/api/things?status=won&sort=amount&limit=25"]);
      // A list that is a page is keyed by its page: what its saved views and its mutations name.
      expect(transactionList.key).toEqual(["transactions"]);
      expect(transactionList.options("").queryKey).toEqual(["transactions", "list", ""]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
