import { inflateSync } from "node:zlib";

// WinAnsi's 0x80–0x9F (the standard fonts' encoding); the rest of its upper half is Latin-1.
const WIN_ANSI: Record<number, string> = Object.fromEntries(
  [..."€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ"].map((ch, i) => [0x80 + i, ch]),
);
const winAnsi = (bytes: Buffer) => [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join("");

/** A ToUnicode CMap's glyph → text pairs (bfchar and bfrange, as pdf-lib writes them). */
function toUnicode(cmap: string, into: Map<number, string>) {
  const text = (hex: string) => Buffer.from(hex, "hex").swap16().toString("utf16le");
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      into.set(parseInt(m[1]!, 16), text(m[2]!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(?:<([0-9A-Fa-f]+)>|\[([^\]]*)\])/g)) {
      const [from, to] = [parseInt(m[1]!, 16), parseInt(m[2]!, 16)];
      const list = m[4] ? [...m[4].matchAll(/<([0-9A-Fa-f]+)>/g)].map((x) => text(x[1]!)) : null;
      for (let g = from; g <= to; g++) {
        if (list) into.set(g, list[g - from] ?? "");
        else {
          const start = text(m[3]!);
          into.set(g, start.slice(0, -1) + String.fromCharCode(start.charCodeAt(start.length - 1) + g - from));
        }
      }
    }
}

/**
 * The text a PDF shows, for tests: every content stream inflated, its Tj/TJ strings decoded
 * (hex as pdf-lib writes them, or literal). A document with an embedded font (two-byte glyph
 * ids) is read through its ToUnicode map, as a PDF reader copies text: a character the font
 * could not show comes out as "?", so a test sees what a person would. Enough for the
 * console's own packs (one font each), not a general reader.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const streams: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    const body = Buffer.from(m[1]!, "latin1");
    try {
      streams.push(inflateSync(body).toString("latin1"));
    } catch {
      streams.push(body.toString("latin1"));
    }
  }
  const glyphs = new Map<number, string>();
  for (const content of streams) if (content.includes("begincmap")) toUnicode(content, glyphs);
  const cid = (hex: string) =>
    (hex.match(/.{4}/g) ?? [])
      .map((g) => (parseInt(g, 16) === 0 ? "?" : (glyphs.get(parseInt(g, 16)) ?? "?")))
      .join("");
  const out: string[] = [];
  for (const content of streams)
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g))
      out.push(
        t[1] !== undefined
          ? glyphs.size > 0
            ? cid(t[1])
            : winAnsi(Buffer.from(t[1], "hex"))
          : t[2]!.replace(/\\(.)/g, "$1"),
      );
  return out.join("\n");
}
