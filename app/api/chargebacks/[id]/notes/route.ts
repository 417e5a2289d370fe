import { route } from "@/lib/platform/api/route";
import { createdOnce } from "@/lib/platform/api/idempotency";
import { addNote } from "@/lib/chargebacks/work";
import { caseParams, noteBody } from "@/lib/chargebacks/schemas";

// A note on the case (append-only). Audited.
export const POST = route(
  { permission: "chargebacks.manage", params: caseParams, body: noteBody, action: "chargeback.note" },
  async ({ req, params, body, actor }) =>
    createdOnce(
      req,
      { userId: actor.user.id, action: "chargeback.note", params: { ...params, ...body } },
      async () => ({
        note: await addNote(params.id, body.body, actor),
      }),
    ),
);
