import { route } from "@/lib/platform/api/route";
import { created } from "@/lib/platform/api/responses";
import { addNote } from "@/lib/chargebacks/work";
import { caseParams, noteBody } from "@/lib/chargebacks/schemas";

// A note on the case (append-only). Audited.
export const POST = route(
  { permission: "chargebacks.manage", params: caseParams, body: noteBody, action: "chargeback.note" },
  async ({ params, body, actor }) => created({ note: await addNote(params.id, body.body, actor) }),
);
