import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/platform/db";
import { Forbidden, Invalid, NotFound, TooLarge } from "@/lib/platform/errors";
import { audit, auditWrite } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { noteView } from "./case";
import { checkEvidence } from "./evidence";
import { EVIDENCE_MAX_BYTES } from "./evidence-types";

const MAY_WORK = { staffRole: { permissions: { has: "chargebacks.manage" } } };

async function caseOrThrow(id: string) {
  const c = await db.chargeback.findUnique({ where: { id }, select: { id: true, ownerId: true } });
  if (!c) throw new NotFound("No such chargeback.");
  return c;
}

/** The users a case can be given to, for the owner picker. */
export const listOwnerCandidates = () =>
  db.user.findMany({
    where: { ...MAY_WORK, disabled: false },
    select: { id: true, name: true, email: true },
    orderBy: { name: "asc" },
  });

export async function assignOwner(id: string, ownerId: string | null, actor: Actor) {
  const c = await caseOrThrow(id);
  if (ownerId) {
    const user = await db.user.findUnique({ where: { id: ownerId, ...MAY_WORK }, select: { disabled: true } });
    if (!user || user.disabled)
      throw new Invalid("The owner must be an active user who may work chargebacks (a manager).", "owner_role");
  }
  await db.$transaction([
    db.chargeback.update({ where: { id }, data: { ownerId } }),
    auditWrite({
      actor,
      action: "chargeback.assign",
      result: "ok",
      targetType: "chargeback",
      targetId: id,
      detail: { from: c.ownerId, to: ownerId },
    }),
  ]);
}

export async function addNote(id: string, body: string, actor: Actor) {
  await caseOrThrow(id);
  const [note] = await db.$transaction([
    db.chargebackNote.create({
      data: { chargebackId: id, authorId: actor.user.id, authorEmail: actor.user.email, body },
    }),
    auditWrite({ actor, action: "chargeback.note", result: "ok", targetType: "chargeback", targetId: id }),
  ]);
  return noteView(note);
}

/** A note's new text, by its author only; the audit row keeps the text it replaced (and a refusal). */
export async function editNote(id: string, noteId: string, body: string, actor: Actor) {
  const outcome = await db.$transaction(async (tx) => {
    const [note] = await tx.$queryRaw<{ author_id: string; body: string }[]>`
      SELECT author_id, body FROM chargeback_notes WHERE id = ${BigInt(noteId)} AND chargeback_id = ${id} FOR UPDATE`;
    if (!note) throw new NotFound("No such note on this chargeback.");
    if (note.author_id !== actor.user.id) return null;
    const where = { id: BigInt(noteId) };
    const edited =
      note.body === body
        ? await tx.chargebackNote.findUniqueOrThrow({ where }) // nothing changed: no edit, no audit row
        : await tx.chargebackNote.update({ where, data: { body, editedAt: new Date() } });
    if (note.body !== body)
      await audit(
        {
          actor,
          action: "chargeback.note.edit",
          result: "ok",
          targetType: "chargeback",
          targetId: id,
          detail: { noteId, before: note.body, body },
        },
        tx,
      );
    return noteView(edited);
  });
  if (outcome) return outcome;
  await audit({
    actor,
    action: "chargeback.note.edit",
    result: "denied",
    reason: "not the note's author",
    targetType: "chargeback",
    targetId: id,
    detail: { noteId },
  });
  throw new Forbidden("Only the note's author can edit it.", "not_note_author");
}

/** Keeps an evidence file once its bytes prove it is what its name says; a refusal is audited too. */
export async function addFile(id: string, name: string, bytes: Uint8Array, actor: Actor) {
  await caseOrThrow(id);
  if (bytes.byteLength > EVIDENCE_MAX_BYTES) throw new TooLarge("The file is larger than 10 MB.", "file_too_large");
  const check = checkEvidence(name, bytes);
  if (!check.ok) {
    await auditWrite({
      actor,
      action: "chargeback.file.upload",
      result: "denied",
      targetType: "chargeback",
      targetId: id,
      reason: check.rule,
      detail: { name: name.slice(0, 200), size: bytes.byteLength },
    });
    throw new Invalid(check.message, check.rule);
  }
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const [file] = await db.$transaction([
    db.chargebackFile.create({
      data: {
        chargebackId: id,
        name: check.name,
        contentType: check.type,
        size: bytes.byteLength,
        sha256,
        data: Buffer.from(bytes),
        uploadedById: actor.user.id,
        uploadedBy: actor.user.email,
      },
      omit: { data: true },
    }),
    auditWrite({
      actor,
      action: "chargeback.file.upload",
      result: "ok",
      targetType: "chargeback",
      targetId: id,
      detail: { name: check.name, type: check.type, size: bytes.byteLength, sha256 },
    }),
  ]);
  return { id: file.id, name: file.name, contentType: file.contentType, size: file.size, sha256 };
}

/** One file with its bytes, for a download (audited by the caller's route). */
export async function getFileOrThrow(id: string, fileId: string) {
  const file = await db.chargebackFile.findFirst({ where: { id: fileId, chargebackId: id } });
  if (!file) throw new NotFound("No such file on this chargeback.");
  return file;
}

/** Every file of a case with its bytes, oldest first (the evidence ZIP). */
export const listFilesWithData = (id: string) =>
  db.chargebackFile.findMany({ where: { chargebackId: id }, orderBy: { createdAt: "asc" } });
