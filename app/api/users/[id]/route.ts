import { route } from "@/lib/platform/api/route";
import { updateUserSchema, userIdSchema } from "@/lib/users/schemas";
import { requestUserUpdate } from "@/lib/pending-changes/requests";
import { pendingResponse } from "@/lib/platform/api/responses";

export const PATCH = route(
  { permission: "users.manage", params: userIdSchema, body: updateUserSchema, action: "user.update", stepUp: true },
  // A role other than ops, or enabling a finance/manager/admin user again, waits for a second admin (202).
  async ({ params, body, actor }) => {
    const outcome = await requestUserUpdate(params.id, body, actor);
    return "pendingChange" in outcome ? pendingResponse(outcome.pendingChange) : { user: outcome.applied };
  },
);
