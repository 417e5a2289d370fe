import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { Forbidden, NotFound } from "@/lib/platform/errors";
import { addNote, editNote, listNotes, NOTE_MAX, noteBodySchema } from "./notes";
import { staffOf } from "@/test/staff";
import { messageText } from "@/lib/platform/i18n/message-text";

const finance = actorFor(
  staffOf({
    id: "00000000-0000-4000-8000-0000000000a1",
    email: "notes-fin@example.com",
    name: "Nora Fin",
    role: "finance",
  }),
  { ip: "127.0.0.1", userAgent: "vitest" },
);

async function ledgerRow() {
  const id = `ch_notes_${randomUUID().replaceAll("-", "")}`;
  await db.ledgerTransaction.create({
    data: {
      id,
      type: "charge",
      status: "succeeded",
      amount: 1000n,
      currency: "USD",
      timeCreated: new Date(),
      payload: {},
      source: "console",
    },
  });
  return id;
}

describe("transaction notes", () => {
  it("keeps who wrote a note and when, oldest first, with an audit row carrying the text", async () => {
    const id = await ledgerRow();
    const before = Date.now();
    const first = await addNote(id, "Customer called: wants a partial refund", finance);
    await addNote(id, "<b>not bold</b>", finance);
    const notes = await listNotes(id);
    expect(notes.map((n) => [n.body, n.authorEmail, n.authorName])).toEqual([
      ["Customer called: wants a partial refund", "notes-fin@example.com", "Nora Fin"],
      ["<b>not bold</b>", "notes-fin@example.com", "Nora Fin"],
    ]);
    expect(Date.parse(first.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const rows = await db.auditLog.findMany({
      where: { action: "transaction.note", targetId: id },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.result, r.actorEmail, r.ip, (r.detail as { body: string }).body])).toEqual([
      ["ok", "notes-fin@example.com", "127.0.0.1", "Customer called: wants a partial refund"],
      ["ok", "notes-fin@example.com", "127.0.0.1", "<b>not bold</b>"],
    ]);
  });

  it("refuses a note on a transaction the ledger does not have, and writes nothing", async () => {
    await expect(addNote("ch_not_in_ledger", "hello", finance)).rejects.toBeInstanceOf(NotFound);
    await expect(listNotes("ch_not_in_ledger")).rejects.toBeInstanceOf(NotFound);
    expect(await db.auditLog.count({ where: { action: "transaction.note", targetId: "ch_not_in_ledger" } })).toBe(0);
  });

  it.each([
    ["", "Write the note first", "请先填写备注"],
    ["   ", "Write the note first", "请先填写备注"],
    ["x".repeat(NOTE_MAX + 1), "A note is at most 2,000 characters", "备注最多 2,000 个字符"],
  ])("refuses the body %#, in the reader's language", (body, en, zh) => {
    const parsed = noteBodySchema.safeParse({ body });
    expect(parsed.success).toBe(false);
    expect(messageText(parsed.error!.issues[0]!.message)).toBe(en);
    expect(messageText(parsed.error!.issues[0]!.message, "zh-CN")).toBe(zh);
  });

  it("trims a note and takes one of the longest length", () => {
    expect(noteBodySchema.parse({ body: "  ok  " }).body).toBe("ok");
    expect(noteBodySchema.safeParse({ body: "x".repeat(NOTE_MAX) }).success).toBe(true);
  });

  // Issue 50 item 13: a note with a typo stayed as typed; now its author edits it, and only its author.
  it("is edited by its author only, audited with the text it replaced", async () => {
    const id = await ledgerRow();
    const note = await addNote(id, "Customer called: parcel lost, refund 12.00 EUR", finance);
    const other = actorFor(
      staffOf({ id: randomUUID(), email: "other-fin@example.com", name: "Otto", role: "finance" }),
    );
    await expect(editNote(id, note.id, "Not mine to change", other)).rejects.toBeInstanceOf(Forbidden);
    const edited = await editNote(id, note.id, "Customer called: parcel lost, refund 21.00 EUR", finance);
    expect(edited).toMatchObject({
      body: "Customer called: parcel lost, refund 21.00 EUR",
      authorEmail: finance.user.email,
    });
    expect(edited.editedAt).not.toBeNull();
    expect((await listNotes(id)).map((n) => n.body)).toEqual(["Customer called: parcel lost, refund 21.00 EUR"]);
    // Saving the same text again is no edit: no new time, no audit row.
    const same = await editNote(id, note.id, "Customer called: parcel lost, refund 21.00 EUR", finance);
    expect(same.editedAt).toEqual(edited.editedAt);
    const rows = await db.auditLog.findMany({
      where: { targetId: id, action: "transaction.note.edit", result: "ok" },
    });
    // Another person's attempt is audited as refused.
    const denied = await db.auditLog.findMany({
      where: { targetId: id, action: "transaction.note.edit", result: "denied" },
    });
    expect(denied.map((r) => [r.actorEmail, r.detail])).toEqual([["other-fin@example.com", { noteId: note.id }]]);
    expect(rows.map((r) => [r.actorEmail, r.detail])).toEqual([
      [
        finance.user.email,
        {
          noteId: note.id,
          before: "Customer called: parcel lost, refund 12.00 EUR",
          body: "Customer called: parcel lost, refund 21.00 EUR",
        },
      ],
    ]);
    await expect(editNote(`${id}-other`, note.id, "x", finance)).rejects.toBeInstanceOf(NotFound);
  });
});
