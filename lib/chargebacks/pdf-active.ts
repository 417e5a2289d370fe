import { inflateSync, constants as zlib } from "node:zlib";

const ACTIVE = new Set([
  "JavaScript",
  "JS",
  "AA",
  "URI",
  "SubmitForm",
  "ImportData",
  "Launch",
  "GoToR",
  "GoToE",
  "EmbeddedFile",
  "EmbeddedFiles",
  "RichMedia",
  "XFA",
]);
const PICTURE_FILTERS = new Set(["DCTDecode", "JPXDecode", "CCITTFaxDecode", "JBIG2Decode", "RunLengthDecode"]);
const MAX_DEPTH = 3;
const MAX_INFLATED = 64 * 1024 * 1024;

export type PdfVerdict = "clean" | "active" | "unchecked";

const NAME = /\/([^\s/<>[\]()%{}]*)/g;
const STREAM = /(?<!end)stream\r?\n/g;

const decodeName = (raw: string) =>
  raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

function names(text: string): string[] {
  return [...text.matchAll(NAME)].map((m) => decodeName(m[1] ?? ""));
}

function filtersBefore(text: string, at: number): string[] {
  const dict = text.slice(Math.max(0, text.lastIndexOf("obj", at)), at);
  const m = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]]+)/.exec(dict.replace(NAME, (n) => decodeName(n)));
  return m ? names(m[1] ?? "") : [];
}

function inflate(data: Buffer): Buffer | null {
  try {
    return inflateSync(data, { finishFlush: zlib.Z_SYNC_FLUSH, maxOutputLength: MAX_INFLATED });
  } catch {
    return null;
  }
}

function scan(text: string, depth: number): PdfVerdict {
  if (names(text).some((n) => ACTIVE.has(n))) return "active";
  let unchecked = false;
  for (const m of text.matchAll(STREAM)) {
    const from = (m.index ?? 0) + m[0].length;
    const end = text.indexOf("endstream", from);
    const filters = filtersBefore(text, m.index ?? 0);
    if (filters.length === 0 || filters.every((f) => PICTURE_FILTERS.has(f))) continue;
    if (filters.length !== 1 || (filters[0] !== "FlateDecode" && filters[0] !== "Fl") || depth >= MAX_DEPTH) {
      unchecked = true;
      continue;
    }
    const inflated = inflate(Buffer.from(text.slice(from, end < 0 ? undefined : end), "latin1"));
    if (!inflated) {
      unchecked = true;
      continue;
    }
    const inner = scan(inflated.toString("latin1"), depth + 1);
    if (inner === "active") return "active";
    if (inner === "unchecked") unchecked = true;
  }
  return unchecked ? "unchecked" : "clean";
}

/** "active" when the PDF names an action or an embedded file anywhere, "unchecked" when a part cannot be read. */
export function pdfActiveContent(bytes: Uint8Array): PdfVerdict {
  return scan(Buffer.from(bytes).toString("latin1"), 0);
}
