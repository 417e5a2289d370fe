import { route } from "@/lib/platform/api/route";
import { close } from "@/lib/pending-changes/store";
import { decisionSchema, pendingIdSchema } from "@/lib/pending-changes/schemas";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";

export const POST = route(
  {
    response: pendingChangeClosedSchema,
    doc: {
      tag: "Administration",
      summary: "Reject a change waiting for a second admin",
      description: "`{ comment? }`: another admin than the requester refuses it; nothing is applied",
      errors: ["conflict"],
    },
    permission: "users.manage",
    params: pendingIdSchema,
    body: decisionSchema,
    action: "pending_change.reject",
  },
  async ({ params, body, actor }) => ({ pendingChange: await close(params.id, "reject", body, actor) }),
);
