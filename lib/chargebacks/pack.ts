import "server-only";
import { zipSync } from "fflate";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { makeFormat } from "@/lib/platform/i18n/format";
import { formatMoney } from "@/lib/platform/money";
import type { ChargebackCase } from "./case";
import { daysLeftText } from "./deadline";
import { safeFileName } from "./evidence";

// The pack goes to the card scheme: English, times in UTC whoever downloads it.
const formatDateTime = makeFormat({ locale: "en", timeZone: "UTC" }).dateTime;

// The payment API takes no evidence: this pack is what a person uploads to the bank's portal.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const SIZE = 10;

// The standard fonts encode WinAnsi only (Latin-1 and a few more, € among them): anything else
// becomes "?" rather than failing the pack.
const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const winAnsi = (s: string) =>
  [...s.replace(/[\u2009\u202f\u00a0]/g, " ")]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch) ? ch : "?";
    })
    .join("");

class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private line(text: string, font: PDFFont, size: number, indent = 0) {
    const width = A4[0] - 2 * MARGIN - indent;
    for (const part of wrap(winAnsi(text), font, size, width)) {
      if (this.y < MARGIN) this.newPage();
      this.page.drawText(part, { x: MARGIN + indent, y: this.y, size, font, color: rgb(0.1, 0.1, 0.15) });
      this.y -= size + 4;
    }
  }
  title(text: string) {
    this.line(text, this.bold, 16);
    this.y -= 6;
  }
  heading(text: string) {
    this.y -= 8;
    this.line(text, this.bold, 12);
  }
  field(label: string, value: string | number | null | undefined) {
    this.line(`${label}: ${value === null || value === undefined || value === "" ? "-" : value}`, this.font, SIZE);
  }
  text(value: string, indent = 0) {
    for (const para of value.split(/\r?\n/)) this.line(para, this.font, SIZE, indent);
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) current = next;
    else {
      if (current) out.push(current);
      // A single word longer than the line is cut.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let n = rest.length - 1;
        while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
        out.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      current = rest;
    }
  }
  out.push(current);
  return out;
}

export async function evidencePdf(c: ChargebackCase, generatedBy: string, now = new Date()): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Chargeback ${c.id} evidence`);
  doc.setProducer("Merchant Console");
  doc.setCreationDate(now);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  w.title(`Chargeback ${c.id} - evidence pack`);
  w.field("Generated", `${formatDateTime(now)} by ${generatedBy}`);
  w.field("Status", c.outcome && c.status === "Case Closed" ? `${c.status} (${c.outcome})` : c.status);
  w.field("Reason", c.reason);
  w.field("Disputed amount", formatMoney(c.amount, c.currency));
  w.field("Amount at risk", formatMoney(c.amountAtRisk, c.currency));
  w.field(
    "Respond by (console rule, not the provider's)",
    c.respondBy ? `${formatDateTime(c.respondBy)} - ${daysLeftText(c)}` : null,
  );
  w.field("Owner", c.owner ? `${c.owner.name} <${c.owner.email}>` : null);

  w.heading("Charge");
  const ch = c.charge;
  w.field("Charge id", c.chargeId);
  if (ch) {
    w.field("Reference", ch.reference);
    w.field("Amount", formatMoney(ch.amount, ch.currency));
    w.field("Captured", ch.amountCaptured === null ? null : formatMoney(ch.amountCaptured, ch.currency));
    w.field("Refunded", formatMoney(c.refundedTotal, ch.currency));
    w.field("Created", formatDateTime(ch.timeCreated));
    w.field("Method", [ch.method, ch.paymentType, ch.panMasked].filter(Boolean).join(" / "));
    w.field("Country", ch.country);
  } else w.text("The charge is not in the console's ledger (import it by id to complete this pack).");

  w.heading("Customer");
  w.field("Reference", ch?.customer.reference);
  w.field("Name", ch?.customer.name);
  w.field("Email", ch?.customer.email);

  w.heading("Shipping");
  if (c.shipping.length === 0) w.text("No shipping recorded on the captures.");
  for (const s of c.shipping)
    w.field(s.vendor ?? "Carrier not given", s.tracking ? `tracking ${s.tracking}` : "no tracking");

  w.heading("Timeline");
  for (const h of c.history) w.text(`${formatDateTime(h.at)}  ${h.status}  (${h.source})`);
  for (const r of c.refunds)
    w.text(`${formatDateTime(r.at)}  Refund ${r.id} ${formatMoney(r.amount, r.currency)} ${r.status}`);

  w.heading("Notes");
  if (c.notes.length === 0) w.text("No notes.");
  for (const n of c.notes) {
    w.text(`${formatDateTime(n.at)} - ${n.by}`);
    w.text(n.body, 12);
  }

  w.heading("Files");
  if (c.files.length === 0) w.text("No files.");
  for (const [i, f] of c.files.entries())
    w.text(`${zipName(i, f.name)}  ${f.contentType}  ${f.size} bytes  sha256 ${f.sha256}`);
  return doc.save();
}

/** The name of the i-th file in the ZIP: numbered, so two files of one name never collide. */
export const zipName = (i: number, name: string) => `${String(i + 1).padStart(2, "0")}-${safeFileName(name)}`;

export function evidenceZip(pdf: Uint8Array, caseId: string, files: { name: string; data: Uint8Array }[]): Uint8Array {
  const entries: Record<string, Uint8Array> = { [`chargeback-${safeFileName(caseId)}.pdf`]: pdf };
  for (const [i, f] of files.entries()) entries[`files/${zipName(i, f.name)}`] = new Uint8Array(f.data);
  // Images and PDFs are compressed already: stored, not deflated again.
  return zipSync(entries, { level: 0 });
}
