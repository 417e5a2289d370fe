import { route } from "@/lib/platform/api/route";
import { close } from "@/lib/pending-changes/store";
import { decisionSchema, pendingIdSchema } from "@/lib/pending-changes/schemas";

// The admin who asked for the change takes it back; nothing is applied.
export const POST = route(
  { permission: "users.manage", params: pendingIdSchema, body: decisionSchema, action: "pending_change.withdraw" },
  async ({ params, body, actor }) => ({ pendingChange: await close(params.id, "withdraw", body, actor) }),
);
