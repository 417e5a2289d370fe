import { randomUUID } from "node:crypto";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { pdfText } from "@/test/pdf-text";
import { getChargebackCaseOrThrow } from "./case";
import { addFile, addNote, assignOwner, getFileOrThrow, listFilesWithData } from "./work";
import { evidencePdf, evidenceZip } from "./pack";
import { dueChargebacks } from "./queue";
import { updateSettings } from "@/lib/platform/settings/service";
import { staffOf } from "@/test/staff";

// Working a case on the real PostgreSQL: owner, notes and files each audited, uploads typed by
// their bytes, the pack naming the charge and the customer, and the managers' deadline queue.

const run = randomUUID().slice(0, 8);
const DAY = 86_400_000;
const staff = (role: StaffUser["role"], name: string): StaffUser =>
  staffOf({
    id: randomUUID(),
    email: `${name}-${run}@example.com`,
    name,
    role,
  });
const manager = staff("manager", "Mona");
const finance = staff("finance", "Finn");
const actor = actorFor(manager, { ip: "127.0.0.1", userAgent: "vitest" });
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const EN_UTC = { locale: "en", timeZone: "UTC" } as const;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function chargeback(id: string, o: { status?: string; enteredDaysAgo?: number; charge?: string } = {}) {
  const at = new Date(Date.now() - (o.enteredDaysAgo ?? 0) * DAY);
  await pool.query(
    `INSERT INTO chargebacks (id, charge_id, reference, amount, currency, status, opened_at, last_change_at, reason, updated_at)
     VALUES ($1, $2, 'ORD-1', 4200, 'USD', $3, $4, $4, 'fraudulent', now())`,
    [id, o.charge ?? `ch_${id}`, o.status ?? "Notification of Claim", at],
  );
  await pool.query("INSERT INTO chargeback_events (chargeback_id, status, at, source) VALUES ($1, $2, $3, 'webhook')", [
    id,
    o.status ?? "Notification of Claim",
    at,
  ]);
}
const audits = async (id: string) =>
  (
    await pool.query<{ action: string; result: string; reason: string | null }>(
      "SELECT action, result, reason FROM audit_log WHERE target_id = $1 ORDER BY id",
      [id],
    )
  ).rows;

beforeAll(async () => {
  for (const u of [manager, finance])
    await db.user.create({ data: { id: u.id, email: u.email, name: u.name, role: u.role, passwordHash: "x" } });
});

describe("working a case", () => {
  it("assigns a manager as owner, refuses a finance user, and audits each change", async () => {
    const id = `cb_own_${run}`;
    await chargeback(id);
    await expect(assignOwner(id, finance.id, actor)).rejects.toMatchObject({ rule: "owner_role" });
    await assignOwner(id, manager.id, actor);
    expect((await getChargebackCaseOrThrow(id)).owner).toEqual({ id: manager.id, name: "Mona", email: manager.email });
    await assignOwner(id, null, actor);
    expect((await getChargebackCaseOrThrow(id)).owner).toBeNull();
    expect(await audits(id)).toEqual([
      { action: "chargeback.assign", result: "ok", reason: null },
      { action: "chargeback.assign", result: "ok", reason: null },
    ]);
    await expect(assignOwner(`nope_${run}`, null, actor)).rejects.toMatchObject({ name: "NotFound" });
  });

  it("keeps notes in order with their author, audited", async () => {
    const id = `cb_note_${run}`;
    await chargeback(id);
    await addNote(id, "Called the customer", actor);
    await addNote(id, "Sent the tracking", actor);
    const c = await getChargebackCaseOrThrow(id);
    expect(c.notes.map((n) => [n.body, n.by])).toEqual([
      ["Called the customer", manager.email],
      ["Sent the tracking", manager.email],
    ]);
    expect((await audits(id)).map((a) => a.action)).toEqual(["chargeback.note", "chargeback.note"]);
  });

  it.each([
    ["receipt.pdf", Buffer.from("<html><script>alert(1)</script></html>"), "file_type"],
    ["receipt-image.pdf", PNG, "file_type_mismatch"],
    ["photo.png", PDF, "file_type_mismatch"],
    ["notes.txt", Buffer.from("plain words"), "file_type"],
    ["empty.pdf", Buffer.alloc(0), "empty_file"],
    [
      "active.pdf",
      Buffer.from("%PDF-1.7\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>"),
      "active_pdf",
    ],
  ])("refuses %s that is not what it claims, and audits the refusal", async (name, bytes, rule) => {
    const id = `cb_bad_${name.replace(/\W/g, "")}_${run}`;
    await chargeback(id);
    await expect(addFile(id, name, bytes, actor)).rejects.toMatchObject({ rule });
    expect(await listFilesWithData(id)).toEqual([]);
    expect(await audits(id)).toEqual([{ action: "chargeback.file.upload", result: "denied", reason: rule }]);
  });

  it("keeps a real PDF and PNG with their type from the bytes, path stripped from the name", async () => {
    const id = `cb_file_${run}`;
    await chargeback(id);
    const pdf = await addFile(id, "../../etc/receipt.PDF", PDF, actor);
    expect(pdf).toMatchObject({ name: "receipt.PDF", contentType: "application/pdf", size: PDF.byteLength });
    await addFile(id, "parcel.png", PNG, actor);
    const stored = await getFileOrThrow(id, pdf.id);
    expect(Buffer.from(stored.data).equals(PDF)).toBe(true);
    await expect(getFileOrThrow(`cb_note_${run}`, pdf.id)).rejects.toMatchObject({ name: "NotFound" });
    expect((await getChargebackCaseOrThrow(id)).files.map((f) => f.contentType)).toEqual([
      "application/pdf",
      "image/png",
    ]);
  });
});

describe("the evidence pack", () => {
  it("names the charge, the customer, shipping, notes and files; the ZIP holds the PDF and the files", async () => {
    const id = `cb_pack_${run}`;
    const charge = `ch_pack_${run}`;
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, method, pan_masked, consumer_reference, time_created, payload, source, updated_at)
       VALUES ($1, 'charge', 'succeeded', 4200, 4200, 'USD', 'card', '411111******1111', 'CUST-${run}', now() - interval '3 days',
               '{"consumer": {"email": "ada@example.com", "first_name": "Ada", "last_name": "Lovelace"}}', 'import', now()),
              ($2, 'capture', 'succeeded', 4200, 4200, 'USD', null, null, null, now() - interval '3 days',
               '{"shipping": {"vendor": "DHL", "tracking": "JD014600"}}', 'import', now()),
              ($3, 'refund', 'succeeded', 500, null, 'USD', null, null, null, now() - interval '2 days', '{}', 'import', now())`,
      [charge, `cap_${run}`, `rf_${run}`],
    );
    await pool.query("UPDATE ledger_transactions SET parent_id = $1 WHERE id IN ($2, $3)", [
      charge,
      `cap_${run}`,
      `rf_${run}`,
    ]);
    await chargeback(id, { charge });
    await addNote(id, "Delivered to the front door — signed ✓", actor);
    await addFile(id, "pod.pdf", PDF, actor);
    const c = await getChargebackCaseOrThrow(id);
    expect(c.charge?.customer).toEqual({ reference: `CUST-${run}`, email: "ada@example.com", name: "Ada Lovelace" });
    expect(c.shipping).toEqual([{ vendor: "DHL", tracking: "JD014600" }]);
    expect(c.refunds.map((r) => r.amount)).toEqual([500]);
    expect(c.amountAtRisk).toBe(4200);
    const text = pdfText(await evidencePdf(c, manager.email, EN_UTC));
    for (const expected of [
      charge,
      `CUST-${run}`,
      "Ada Lovelace",
      "ada@example.com",
      "JD014600",
      "Delivered to the front door — signed ✓",
      "Disputed amount: $42.00",
      "01-pod.pdf",
      "Notification of Claim",
    ])
      expect(text).toContain(expected);
    const zip = unzipSync(evidenceZip(await evidencePdf(c, manager.email, EN_UTC), id, await listFilesWithData(id)));
    expect(Object.keys(zip)).toEqual([`chargeback-${id}.pdf`, "files/01-pod.pdf"]);
    expect(Buffer.from(zip["files/01-pod.pdf"]!).equals(PDF)).toBe(true);
  });
});

describe("the case's history", () => {
  it("keeps the dispute's order for statuses notified in the same second", async () => {
    const id = `cb_order_${run}`;
    await chargeback(id);
    const at = new Date(Date.now() - 60_000);
    for (const status of ["Case Closed", "Won", "Information Supplied", "Request For Information"])
      await pool.query(
        "INSERT INTO chargeback_events (chargeback_id, status, at, source) VALUES ($1, $2, $3, 'webhook')",
        [id, status, at],
      );
    await pool.query("UPDATE chargeback_events SET at = $2 WHERE chargeback_id = $1", [id, at]);
    expect((await getChargebackCaseOrThrow(id)).history.map((h) => h.status)).toEqual([
      "Notification of Claim",
      "Request For Information",
      "Information Supplied",
      "Won",
      "Case Closed",
    ]);
  });
});

describe("the deadline queue", () => {
  it("lists overdue and due-soon cases from the configured windows, soonest first", async () => {
    await pool.query("DELETE FROM chargebacks");
    await updateSettings(
      { chargebackResponseDays: { "Notification of Claim": 10, "Request For Information": 5 } },
      "t",
    );
    await chargeback(`cb_q_late_${run}`, { status: "Request For Information", enteredDaysAgo: 6 }); // 1 day overdue
    await chargeback(`cb_q_soon_${run}`, { status: "Notification of Claim", enteredDaysAgo: 8 }); // 2 days left
    await chargeback(`cb_q_ok_${run}`, { status: "Notification of Claim", enteredDaysAgo: 1 }); // 9 days left
    await chargeback(`cb_q_wait_${run}`, { status: "Information Supplied", enteredDaysAgo: 60 }); // no window
    const q = await dueChargebacks();
    expect(q.cases.map((c) => [c.id, c.urgency, c.daysLeft])).toEqual([
      [`cb_q_late_${run}`, "overdue", -1],
      [`cb_q_soon_${run}`, "due_soon", 1],
    ]);
    expect(q).toMatchObject({ total: 2, overdue: 1 });
  });
});
