import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { close } from "@/lib/pending-changes/store";
import { decisionSchema, pendingIdSchema } from "@/lib/pending-changes/schemas";

// The admin who asked for the change takes it back; nothing is applied.
export const POST = route(
  { permission: "users.manage", params: pendingIdSchema, body: decisionSchema, action: "pending_change.withdraw" },
  async ({ params, body, user, req }) => ({ pendingChange: await close(params.id, user, clientInfo(req.headers), "withdraw", body.comment) }),
);
