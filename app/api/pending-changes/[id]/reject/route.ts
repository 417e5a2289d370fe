import { route } from "@/lib/platform/api/route";
import { close } from "@/lib/pending-changes/store";
import { decisionSchema, pendingIdSchema } from "@/lib/pending-changes/schemas";

// Another admin than the requester refuses the change; nothing is applied.
export const POST = route(
  { permission: "users.manage", params: pendingIdSchema, body: decisionSchema, action: "pending_change.reject" },
  async ({ params, body, actor }) => ({ pendingChange: await close(params.id, "reject", body, actor) }),
);
