import { inflateSync } from "node:zlib";

// WinAnsi's 0x80–0x9F (the standard fonts' encoding); the rest of its upper half is Latin-1.
const WIN_ANSI: Record<number, string> = Object.fromEntries(
  [..."€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ"].map((ch, i) => [0x80 + i, ch]),
);
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join("");

/**
 * The text a PDF shows, for tests: every content stream inflated, its Tj/TJ strings decoded
 * (hex as pdf-lib writes them, or literal). Enough for the console's own packs, not a general reader.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    const body = Buffer.from(m[1]!, "latin1");
    let content: string;
    try {
      content = inflateSync(body).toString("latin1");
    } catch {
      content = body.toString("latin1");
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g))
      out.push(t[1] !== undefined ? winAnsi(Buffer.from(t[1], "hex")) : t[2]!.replace(/\\(.)/g, "$1"));
  }
  return out.join("\n");
}
