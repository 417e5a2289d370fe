import { route } from "@/lib/platform/api/route";
import { approve } from "@/lib/pending-changes/approve";
import { decisionSchema, pendingIdSchema } from "@/lib/pending-changes/schemas";

// Another admin than the requester applies the change, with a fresh second factor. A reset
// password is in this answer only (to the approving admin), never stored.
export const POST = route(
  {
    permission: "users.manage",
    params: pendingIdSchema,
    body: decisionSchema,
    action: "pending_change.approve",
    stepUp: true,
  },
  async ({ params, body, actor }) => approve(params.id, body, actor),
);
