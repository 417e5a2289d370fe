import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkEvidence } from "./evidence";

// Issue 30, item 8: a PDF's active content is found whether its names are escaped (`#xx`) or
// packed into a compressed object stream, and a part the check cannot read is not waved through.

const pdf = (...parts: (string | Buffer)[]) =>
  Buffer.concat(
    ["%PDF-1.7\n", ...parts, "\ntrailer << /Root 1 0 R >>\n%%EOF\n"].map((p) =>
      typeof p === "string" ? Buffer.from(p, "latin1") : p,
    ),
  );
const flate = (obj: string, body: string, extra = "") => {
  const data = deflateSync(Buffer.from(body, "latin1"));
  return pdf(
    `${obj} 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode${extra} /Length ${data.length} >>\nstream\n`,
    data,
    "\nendstream\nendobj\n",
  );
};
const verdict = (bytes: Buffer) => {
  const r = checkEvidence("evidence.pdf", bytes);
  return r.ok ? "kept" : r.rule;
};

describe("the PDF active-content check", () => {
  it.each([
    ["plain /JavaScript", pdf("1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj")],
    [
      "an escaped /S /J#61vaScript",
      pdf("1 0 obj << /OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> >> endobj"),
    ],
    ["an escaped /J#53 alone", pdf("1 0 obj << /OpenAction << /S /Foo /J#53 (app.alert(1)) >> >> endobj")],
    ["/AA, additional actions", pdf("1 0 obj << /Type /Page /A#41 << /O 2 0 R >> >> endobj")],
    ["/URI", pdf("1 0 obj << /S /URI /URI (https://evil.example) >> endobj")],
    ["/SubmitForm", pdf("1 0 obj << /S /Submit#46orm /F (https://evil.example) >> endobj")],
    ["/Launch", pdf("1 0 obj << /S /#4caunch /F (cmd.exe) >> endobj")],
    ["/EmbeddedFile", pdf("1 0 obj << /Type /EmbeddedFile >> endobj")],
    ["a compressed object stream", flate("2", "1 0 << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>")],
    ["an escaped name in a compressed object stream", flate("2", "1 0 << /S /L#61unch /F (x) >>")],
    [
      "a filter name that is itself escaped",
      flate("2", "1 0 << /S /JavaScript >>").toString("latin1").replace("/FlateDecode", "/Flate#44ecode"),
    ],
  ])("refuses %s", (_, bytes) => {
    expect(verdict(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, "latin1"))).toBe("active_pdf");
  });

  it("refuses a stream in an encoding it cannot read instead of passing it unread", () => {
    const bytes = pdf("2 0 obj << /Type /ObjStm /Filter /LZWDecode /Length 4 >>\nstream\nABCD\nendstream\nendobj\n");
    expect(verdict(bytes)).toBe("pdf_unchecked");
  });

  it("keeps an ordinary PDF, compressed page content and pictures included", () => {
    expect(verdict(pdf("1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj"))).toBe("kept");
    expect(verdict(flate("3", "BT /F1 12 Tf 72 712 Td (Receipt 42) Tj ET"))).toBe("kept");
    const jpeg = pdf(
      "4 0 obj << /Type /XObject /Subtype /Image /Filter /DCTDecode /Length 3 >>\nstream\n\xff\xd8\xff\nendstream\nendobj\n",
    );
    expect(verdict(jpeg)).toBe("kept");
  });
});
