import { route } from "@/lib/platform/api/route";
import { roleParamsSchema, updateRoleSchema } from "@/lib/roles/schemas";
import { requestRoleUpdate } from "@/lib/pending-changes/requests";
import { pendingResponse } from "@/lib/platform/api/responses";

export const PATCH = route(
  { permission: "users.manage", params: roleParamsSchema, body: updateRoleSchema, action: "role.update", stepUp: true },
  // A role gaining a permission waits for a second admin (202); a rename or a permission taken away applies at once.
  async ({ params, body, actor }) => {
    const outcome = await requestRoleUpdate(params.key, body, actor);
    return "pendingChange" in outcome ? pendingResponse(outcome.pendingChange) : { role: outcome.applied };
  },
);
