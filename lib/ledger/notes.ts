import "server-only";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { Forbidden, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { keyed } from "@/lib/platform/keyed";
import { transactionIdSchema } from "@/lib/upi/shared";

export const NOTE_MAX = 2000;

export const noteBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, keyed("validation.ledger.note"))
    .max(NOTE_MAX, keyed("validation.notes.max", { max: NOTE_MAX })),
});

export const noteParamsSchema = transactionIdSchema.extend({
  noteId: z.string().regex(/^\d{1,18}$/, keyed("validation.ids.note")),
});

type Row = {
  id: bigint;
  authorId: string | null;
  authorEmail: string;
  authorName: string;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
};
const toJson = (n: Row) => ({
  id: String(n.id),
  authorId: n.authorId,
  authorEmail: n.authorEmail,
  authorName: n.authorName,
  body: n.body,
  createdAt: n.createdAt.toISOString(),
  editedAt: n.editedAt?.toISOString() ?? null,
});
export type TransactionNoteView = ReturnType<typeof toJson>;

/** A transaction's internal notes, oldest first. */
export async function listNotes(transactionId: string) {
  const exists = await db.ledgerTransaction.findUnique({ where: { id: transactionId }, select: { id: true } });
  if (!exists) throw new NotFound("No transaction with this id in the ledger.");
  const notes = await db.transactionNote.findMany({ where: { transactionId }, orderBy: { id: "asc" }, take: 500 });
  return notes.map(toJson);
}

/** Adds a note as the actor: who and when are the server's, never the caller's. */
export async function addNote(transactionId: string, body: string, actor: Actor) {
  return db.$transaction(async (tx) => {
    const exists = await tx.ledgerTransaction.findUnique({ where: { id: transactionId }, select: { id: true } });
    if (!exists) throw new NotFound("No transaction with this id in the ledger.");
    const note = await tx.transactionNote.create({
      data: {
        transactionId,
        authorId: actor.user.id,
        authorEmail: actor.user.email,
        authorName: actor.user.name,
        body,
      },
    });
    await audit(
      {
        actor,
        action: "transaction.note",
        result: "ok",
        targetType: "transaction",
        targetId: transactionId,
        detail: { noteId: String(note.id), body },
      },
      tx,
    );
    return toJson(note);
  });
}

/** Changes a note's text, by its author only; the audit row keeps the text it replaced (and a refusal). */
export async function editNote(transactionId: string, noteId: string, body: string, actor: Actor) {
  const outcome = await db.$transaction(async (tx) => {
    const [note] = await tx.$queryRaw<{ author_id: string | null; body: string }[]>`
      SELECT author_id, body FROM transaction_notes
       WHERE id = ${BigInt(noteId)} AND transaction_id = ${transactionId} FOR UPDATE`;
    if (!note) throw new NotFound("No such note on this transaction.");
    if (note.author_id !== actor.user.id) return null;
    const id = BigInt(noteId);
    if (note.body === body) return toJson(await tx.transactionNote.findUniqueOrThrow({ where: { id } })); // nothing changed
    const edited = await tx.transactionNote.update({ where: { id }, data: { body, editedAt: new Date() } });
    await audit(
      {
        actor,
        action: "transaction.note.edit",
        result: "ok",
        targetType: "transaction",
        targetId: transactionId,
        detail: { noteId, before: note.body, body },
      },
      tx,
    );
    return toJson(edited);
  });
  if (outcome) return outcome;
  await audit({
    actor,
    action: "transaction.note.edit",
    result: "denied",
    reason: "not the note's author",
    targetType: "transaction",
    targetId: transactionId,
    detail: { noteId },
  });
  throw new Forbidden("Only the note's author can edit it.", "not_note_author");
}
