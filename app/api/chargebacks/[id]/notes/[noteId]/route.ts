import { route } from "@/lib/platform/api/route";
import { editNote } from "@/lib/chargebacks/work";
import { noteBody, noteParams } from "@/lib/chargebacks/schemas";
import { caseNoteAnswerSchema } from "@/lib/chargebacks/answers";

export const PATCH = route(
  {
    response: caseNoteAnswerSchema,
    doc: {
      tag: "Chargebacks",
      summary: "Edit your note on a case",
      description:
        "`{ body }`: the note's new text, by its author only (403 `not_note_author` otherwise); audited with the text it replaced",
    },
    permission: "chargebacks.manage",
    params: noteParams,
    body: noteBody,
    action: "chargeback.note.edit",
  },
  async ({ params, body, actor }) => ({ note: await editNote(params.id, params.noteId, body.body, actor) }),
);
