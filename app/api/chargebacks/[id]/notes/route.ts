import { route } from "@/lib/platform/api/route";
import { createdOnce } from "@/lib/platform/api/idempotency";
import { addNote } from "@/lib/chargebacks/work";
import { caseParams, noteBody } from "@/lib/chargebacks/schemas";
import { caseNoteAnswerSchema } from "@/lib/chargebacks/answers";

export const POST = route(
  {
    response: caseNoteAnswerSchema,
    doc: {
      tag: "Chargebacks",
      summary: "Add a note to a case",
      description: "`{ body }` (1–4,000 characters), append-only; audited",
      idempotencyKey: "optional",
      status: 201,
    },
    permission: "chargebacks.manage",
    params: caseParams,
    body: noteBody,
    action: "chargeback.note",
  },
  async ({ req, params, body, actor }) =>
    createdOnce(
      req,
      { userId: actor.user.id, action: "chargeback.note", params: { ...params, ...body } },
      async () => ({
        note: await addNote(params.id, body.body, actor),
      }),
    ),
);
