import { answerOutcome } from "@/lib/pending-changes/store";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import { roleParamsSchema, updateRoleSchema } from "@/lib/roles/schemas";
import { requestRoleUpdate } from "@/lib/pending-changes/requests";
import { roleAnswerSchema } from "@/lib/roles/answers";

export const PATCH = route(
  {
    response: roleAnswerSchema,
    doc: {
      tag: "Administration",
      summary: "Change a role",
      description:
        "rename a role of the merchant's or set its `permissions` → `{ role }`; one gaining any permission answers 202 `{ pendingChange }` (two admins), a permission taken away applies at once; a preset answers 409 `preset_role`, taking `users.manage` from the last active admins 409 `last_active_admin`",
      pending: pendingChangeClosedSchema,
      errors: ["conflict"],
    },
    permission: "users.manage",
    params: roleParamsSchema,
    body: updateRoleSchema,
    action: "role.update",
    stepUp: true,
  },
  // A role gaining a permission waits for a second admin (202); a rename or a permission taken away applies at once.
  async ({ params, body, actor }) => {
    const outcome = await requestRoleUpdate(params.key, body, actor);
    return answerOutcome(outcome, (role) => ({ role }));
  },
);
