import { route } from "@/lib/platform/api/route";
import { editNote, noteBodySchema, noteParamsSchema } from "@/lib/ledger/notes";
import { transactionNoteAnswerSchema } from "@/lib/ledger/answers";

export const PATCH = route(
  {
    response: transactionNoteAnswerSchema,
    doc: {
      tag: "Ledger",
      summary: "Edit your note on a transaction",
      description:
        "`{ body }`: the note's new text, by its author only (403 `not_note_author` otherwise); audited with the text it replaced; sets `editedAt`",
    },

    permission: "transactions.annotate",
    params: noteParamsSchema,
    body: noteBodySchema,
    action: "transaction.note.edit",
  },
  async ({ params, body, actor }) => ({ note: await editNote(params.id, params.noteId, body.body, actor) }),
);
