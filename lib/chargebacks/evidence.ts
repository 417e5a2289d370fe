import { EVIDENCE_MAX_BYTES, EVIDENCE_TYPES, type EvidenceType } from "./evidence-types";
import { pdfActiveContent } from "./pdf-active";

const starts = (b: Uint8Array, sig: number[], at = 0) => sig.every((byte, i) => b[at + i] === byte);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The type the bytes are, or null when they are none of the accepted ones. */
export function sniffEvidence(bytes: Uint8Array): EvidenceType | null {
  if (starts(bytes, ascii("%PDF-"))) return "application/pdf";
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts(bytes, ascii("RIFF")) && starts(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

export type EvidenceCheck =
  | { ok: true; type: EvidenceType; name: string }
  | { ok: false; rule: string; message: string };

/** Whether these bytes may be kept under this name, and the type and name they are kept as. */
export function checkEvidence(name: string, bytes: Uint8Array): EvidenceCheck {
  const clean = safeFileName(name);
  if (!clean) return { ok: false, rule: "file_name", message: "Give the file a name (PDF, PNG, JPEG or WebP)." };
  if (bytes.byteLength === 0) return { ok: false, rule: "empty_file", message: "The file is empty." };
  if (bytes.byteLength > EVIDENCE_MAX_BYTES)
    return { ok: false, rule: "file_too_large", message: `A file is at most ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB.` };
  const type = sniffEvidence(bytes);
  const ext = clean.slice(clean.lastIndexOf(".")).toLowerCase();
  if (!type)
    return {
      ok: false,
      rule: "file_type",
      message: "Only PDF, PNG, JPEG and WebP files are accepted, and this file's content is none of them.",
    };
  if (!(EVIDENCE_TYPES[type] as readonly string[]).includes(ext))
    return {
      ok: false,
      rule: "file_type_mismatch",
      message: `The file's name says ${ext || "no type"} but its content is ${type}: rename it or upload the right file.`,
    };
  const pdf = type === "application/pdf" ? pdfActiveContent(bytes) : "clean";
  if (pdf === "active")
    return {
      ok: false,
      rule: "active_pdf",
      message: "This PDF contains script or embedded actions: print it to PDF again without them.",
    };
  if (pdf === "unchecked")
    return {
      ok: false,
      rule: "pdf_unchecked",
      message: "Part of this PDF is encoded in a way the console cannot check: print it to PDF again.",
    };
  return { ok: true, type, name: clean };
}

/** A name safe for a Content-Disposition header and a ZIP entry: no path, no control characters, ≤ 120 chars. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return [...base]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || '"<>|:*?'.includes(ch) ? "_" : ch))
    .join("")
    .replace(/^\.+/, "")
    .trim()
    .slice(-120);
}
