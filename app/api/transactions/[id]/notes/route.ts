import { route } from "@/lib/platform/api/route";
import { createdOnce } from "@/lib/platform/api/idempotency";
import { transactionIdSchema } from "@/lib/upi/ids";
import { addNote, listNotes, noteBodySchema } from "@/lib/ledger/notes";
import { transactionNoteAnswerSchema, transactionNotesSchema } from "@/lib/ledger/answers";

export const GET = route(
  {
    response: transactionNotesSchema,
    doc: {
      tag: "Ledger",
      summary: "List a transaction's notes",
      description:
        "the transaction's internal notes, oldest first: `{ notes: [{ id, authorId, authorEmail, authorName, body, createdAt, editedAt }] }`",
    },
    permission: "transactions.read",
    params: transactionIdSchema,
  },
  async ({ params }) => ({
    notes: await listNotes(params.id),
  }),
);

export const POST = route(
  {
    response: transactionNoteAnswerSchema,
    doc: {
      tag: "Ledger",
      summary: "Add a note to a transaction",
      description:
        "`{ body }` (1–2,000 characters, trimmed): an internal note as the signed-in user → 201; audited with its text; shown as plain text",
      idempotencyKey: "optional",
      status: 201,
    },

    permission: "transactions.annotate",
    params: transactionIdSchema,
    body: noteBodySchema,
    action: "transaction.note",
  },
  async ({ req, params, body, actor }) =>
    createdOnce(
      req,
      { userId: actor.user.id, action: "transaction.note", params: { ...params, ...body } },
      async () => ({
        note: await addNote(params.id, body.body, actor),
      }),
    ),
);
