import "server-only";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { zipSync } from "fflate";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { makeFormat } from "@/lib/platform/i18n/format";
import { type Preferences, translatorFor } from "@/lib/platform/i18n/translator";
import { formatMoney } from "@/lib/platform/money";
import type { ChargebackCase } from "./case";
import { safeFileName } from "./evidence";
import { daysLeftIn } from "./deadline";
import { wrapLine } from "./pack-wrap";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const SIZE = 10;

class Writer {
  private page!: PDFPage;
  private y = 0;
  /** The characters the font has no glyph for, written as "[U+…]" instead of a blank box. */
  readonly replaced = new Set<string>();
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly drawable: (codePoint: number) => boolean,
  ) {
    this.newPage();
  }
  private shown(text: string): string {
    let out = "";
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      if (this.drawable(cp)) out += ch;
      else if (!(cp >= 0xfe00 && cp <= 0xfe0f) && !/\p{Cf}|\p{Mn}/u.test(ch)) {
        const code = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
        this.replaced.add(code);
        out += `[${code}]`;
      }
    }
    return out;
  }
  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private line(text: string, size: number, indent = 0) {
    const width = A4[0] - 2 * MARGIN - indent;
    const measure = (s: string) => this.font.widthOfTextAtSize(s, size);
    for (const part of wrapLine(this.shown(text.replace(/[\u2009\u202f\u00a0]/g, " ")), measure, width)) {
      if (this.y < MARGIN) this.newPage();
      this.page.drawText(part, { x: MARGIN + indent, y: this.y, size, font: this.font, color: rgb(0.1, 0.1, 0.15) });
      this.y -= size + 5;
    }
  }
  title(text: string) {
    this.line(text, 16);
    this.y -= 6;
  }
  heading(text: string) {
    this.y -= 8;
    this.line(text, 12.5);
  }
  field(label: string, value: string | number | null | undefined, empty: string) {
    this.line(`${label}: ${value === null || value === undefined || value === "" ? empty : value}`, SIZE);
  }
  text(value: string, indent = 0) {
    for (const para of value.split(/\r?\n/)) this.line(para, SIZE, indent);
  }
}

export async function evidencePdf(
  c: ChargebackCase,
  generatedBy: string,
  prefs: Preferences,
  now = new Date(),
): Promise<Uint8Array> {
  const t = translatorFor(prefs, "chargebacks");
  const status = (s: string) => (t.has(`statuses.${s}` as never) ? t(`statuses.${s}` as never) : s);
  const methods = translatorFor(prefs, "transactions.methods");
  const method = (m: string | null) => (m && methods.has(m as never) ? methods(m as never) : m);
  const f = makeFormat(prefs);
  const at = (d: Date | string) => f.dateTime(d);
  const empty = t("packPdf.empty");
  const doc = await PDFDocument.create();
  doc.setTitle(t("packPdf.docTitle", { id: c.id }));
  doc.setLanguage(prefs.locale);
  doc.setProducer("Merchant Console");
  doc.setCreationDate(now);
  doc.registerFontkit(fontkit);
  const bytes = await packFontBytes();
  const face = fontkit.create(bytes) as unknown as { hasGlyphForCodePoint(cp: number): boolean };
  const w = new Writer(doc, await doc.embedFont(bytes, { subset: true }), (cp) => face.hasGlyphForCodePoint(cp));
  const field = (key: string, value: string | number | null | undefined) =>
    w.field(t(`packPdf.${key}` as never), value, empty);

  w.title(t("packPdf.title", { id: c.id }));
  field("generated", t("packPdf.generatedValue", { at: at(now), by: generatedBy }));
  field("timesIn", t("packPdf.timesInValue", { zone: prefs.timeZone }));
  field(
    "status",
    c.outcome && c.status === "Case Closed"
      ? t("packPdf.statusClosed", { status: status(c.status), outcome: status(c.outcome) })
      : status(c.status),
  );
  field("reason", c.reason);
  field("disputed", formatMoney(c.amount, c.currency));
  field("atRisk", formatMoney(c.amountAtRisk, c.currency));
  field(
    "respondBy",
    c.respondBy ? t("packPdf.respondByValue", { at: at(c.respondBy), left: daysLeft(t, c, prefs.timeZone) }) : null,
  );
  field("owner", c.owner ? `${c.owner.name} <${c.owner.email}>` : null);

  w.heading(t("packPdf.charge"));
  const ch = c.charge;
  field("chargeId", c.chargeId);
  if (ch) {
    field("reference", ch.reference);
    field("amount", formatMoney(ch.amount, ch.currency));
    field("captured", ch.amountCaptured === null ? null : formatMoney(ch.amountCaptured, ch.currency));
    field("refunded", formatMoney(c.refundedTotal, ch.currency));
    field("created", at(ch.timeCreated));
    field("method", [method(ch.method), ch.paymentType, ch.panMasked].filter(Boolean).join(" / "));
    field("country", ch.country);
  } else w.text(t("packPdf.notInLedger"));

  w.heading(t("packPdf.customer"));
  field("reference", ch?.customer.reference);
  field("name", ch?.customer.name);
  field("email", ch?.customer.email);

  w.heading(t("packPdf.shipping"));
  if (c.shipping.length === 0) w.text(t("packPdf.shippingNone"));
  for (const s of c.shipping)
    w.field(
      s.vendor ?? t("packPdf.carrierNotGiven"),
      s.tracking ? t("packPdf.tracking", { number: s.tracking }) : t("packPdf.noTracking"),
      empty,
    );

  w.heading(t("packPdf.timeline"));
  for (const h of c.history)
    w.text(
      `${at(h.at)}  ${status(h.status)}  (${h.source === "inquiry" ? t("packPdf.fromInquiry") : t("packPdf.fromWebhook")})`,
    );
  const refundStatus = statusWords(prefs);
  for (const r of c.refunds)
    w.text(
      `${at(r.at)}  ${t("packPdf.refundLine", { id: r.id, amount: formatMoney(r.amount, r.currency), status: refundStatus(r.status) })}`,
    );

  w.heading(t("packPdf.notes"));
  if (c.notes.length === 0) w.text(t("packPdf.noNotes"));
  for (const n of c.notes) {
    const written = t("packPdf.noteBy", { at: at(n.at), by: n.by });
    // Text changed after it was written says so: the bank reads when each word was put down.
    w.text(n.editedAt ? `${written} (${t("packPdf.noteEdited", { at: at(n.editedAt) })})` : written);
    w.text(n.body, 12);
  }

  w.heading(t("packPdf.files"));
  if (c.files.length === 0) w.text(t("packPdf.noFiles"));
  for (const [i, file] of c.files.entries())
    w.text(
      t("packPdf.fileLine", { name: zipName(i, file.name), type: file.contentType, size: file.size, sha: file.sha256 }),
    );
  if (w.replaced.size) {
    w.heading(t("packPdf.replacedTitle"));
    w.text(t("packPdf.replaced", { codes: [...w.replaced].join(", ") }));
  }
  return doc.save();
}

type ChargebacksT = ReturnType<typeof translatorFor<"chargebacks">>;

function daysLeft(
  t: ChargebacksT,
  d: Pick<ChargebackCase, "daysLeft" | "urgency" | "respondBy">,
  zone: string,
): string {
  if (d.daysLeft === null) return t("packPdf.empty");
  const days = d.respondBy ? daysLeftIn(d.respondBy, zone) : d.daysLeft;
  if (d.urgency === "overdue") return days >= 0 ? t("deadline.overdueToday") : t("deadline.overdue", { count: -days });
  return days <= 0 ? t("deadline.dueToday") : t("deadline.left", { count: days });
}

function statusWords(prefs: Preferences): (value: string) => string {
  const t = translatorFor(prefs, "statuses");
  return (value) => (t.has(value as never) ? t(value as never) : value);
}

/** The name of the i-th file in the ZIP: numbered, so two files of one name never collide. */
export const zipName = (i: number, name: string) => `${String(i + 1).padStart(2, "0")}-${safeFileName(name)}`;

export function evidenceZip(pdf: Uint8Array, caseId: string, files: { name: string; data: Uint8Array }[]): Uint8Array {
  const entries: Record<string, Uint8Array> = { [`chargeback-${safeFileName(caseId)}.pdf`]: pdf };
  for (const [i, f] of files.entries()) entries[`files/${zipName(i, f.name)}`] = new Uint8Array(f.data);
  return zipSync(entries, { level: 0 });
}

// The pack's one font, Noto Sans SC, subset per pack: the standard PDF fonts encode WinAnsi only ("????").
const FONT = "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf";

export function packFontBytes(): Promise<Buffer> {
  return readFile(createRequire(join(process.cwd(), "package.json")).resolve(FONT));
}
