import { route } from "@/lib/platform/api/route";
import { editNote } from "@/lib/chargebacks/work";
import { noteBody, noteParams } from "@/lib/chargebacks/schemas";

// A case note's new text, by its author; the audit log keeps the text it replaced.
export const PATCH = route(
  { permission: "chargebacks.manage", params: noteParams, body: noteBody, action: "chargeback.note.edit" },
  async ({ params, body, actor }) => ({ note: await editNote(params.id, params.noteId, body.body, actor) }),
);
