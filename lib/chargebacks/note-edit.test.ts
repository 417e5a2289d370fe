import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { Forbidden } from "@/lib/platform/errors";
import { staffOf } from "@/test/staff";
import { getChargebackCaseOrThrow } from "./case";
import { addNote, editNote } from "./work";

// Issue 50 item 13: a case note with a wrong tracking number stayed as typed; its author edits it now.
const manager = (name: string) =>
  actorFor(
    staffOf({ id: randomUUID(), email: `${name}-${randomUUID().slice(0, 6)}@example.com`, name, role: "manager" }),
  );

describe("a chargeback case note", () => {
  it("is edited by its author only, audited with the text it replaced", async () => {
    const id = `cb_edit_${randomUUID().slice(0, 8)}`;
    await pool.query(
      `INSERT INTO chargebacks (id, status, amount, currency, opened_at, last_change_at, updated_at)
       VALUES ($1, 'Notification of Claim', 4200, 'USD', now(), now(), now())`,
      [id],
    );
    const mona = manager("Mona");
    const note = await addNote(id, "Tracking SF1234567890 sent to the bank", mona);
    // What adding and editing answer is the note as the case lists it: its author and edit time too.
    expect([note]).toEqual((await getChargebackCaseOrThrow(id)).notes);
    await expect(editNote(id, note.id, "Not mine", manager("Otto"))).rejects.toBeInstanceOf(Forbidden);
    const edited = await editNote(id, note.id, "Tracking SF0987654321 sent to the bank", mona);
    const c = await getChargebackCaseOrThrow(id);
    expect(c.notes).toEqual([
      expect.objectContaining({ body: "Tracking SF0987654321 sent to the bank", editedAt: expect.any(String) }),
    ]);
    expect([edited]).toEqual(c.notes);
    await editNote(id, note.id, "Tracking SF0987654321 sent to the bank", mona); // the same text: no edit
    const denied = await db.auditLog.count({
      where: { targetId: id, action: "chargeback.note.edit", result: "denied" },
    });
    expect(denied).toBe(1);
    const ok = await db.auditLog.findMany({ where: { targetId: id, action: "chargeback.note.edit", result: "ok" } });
    expect(ok).toHaveLength(1);
    const [row] = ok;
    expect(row!.detail).toEqual({
      noteId: note.id,
      before: "Tracking SF1234567890 sent to the bank",
      body: "Tracking SF0987654321 sent to the bank",
    });
  });
});
