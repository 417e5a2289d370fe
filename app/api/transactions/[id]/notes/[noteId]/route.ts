import { route } from "@/lib/platform/api/route";
import { editNote, noteBodySchema, noteParamsSchema } from "@/lib/ledger/notes";

// A note's new text, by its author; the audit log keeps the text it replaced.
export const PATCH = route(
  {
    permission: "transactions.annotate",
    params: noteParamsSchema,
    body: noteBodySchema,
    action: "transaction.note.edit",
  },
  async ({ params, body, actor }) => ({ note: await editNote(params.id, params.noteId, body.body, actor) }),
);
