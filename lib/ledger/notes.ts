import "server-only";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { keyed } from "@/lib/platform/keyed";

export const NOTE_MAX = 2000;

export const noteBodySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, keyed("validation.ledger.note"))
    .max(NOTE_MAX, keyed("validation.notes.max", { max: NOTE_MAX })),
});

const toJson = (n: { id: bigint; authorEmail: string; authorName: string; body: string; createdAt: Date }) => ({
  id: String(n.id),
  authorEmail: n.authorEmail,
  authorName: n.authorName,
  body: n.body,
  createdAt: n.createdAt.toISOString(),
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
