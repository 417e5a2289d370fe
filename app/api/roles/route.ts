import { route } from "@/lib/platform/api/route";
import { createRoleSchema } from "@/lib/roles/schemas";
import { createRole, listRoles } from "@/lib/roles/service";
import { listPending } from "@/lib/pending-changes/store";
import { created } from "@/lib/platform/api/responses";
import { z } from "zod";
import { roleAnswerSchema, roleViewSchema } from "@/lib/roles/answers";
import { pendingChangeSchema } from "@/lib/pending-changes/answers";

export const GET = route(
  {
    response: z.strictObject({ roles: z.array(roleViewSchema), pendingChanges: z.array(pendingChangeSchema) }),
    doc: {
      tag: "Administration",
      summary: "List roles",
      description:
        "every role: the four presets and the merchant's own, each `{ key, name, permissions, preset, users, updatedAt }`, with the role changes waiting for a second admin (`pendingChanges`)",
    },
    permission: "users.manage",
  },
  async () => {
    const [roles, pendingChanges] = await Promise.all([listRoles(), listPending("roles")]);
    return { roles, pendingChanges };
  },
);

// A new role holds nobody: it applies at once. Giving it to a person is a user change (two admins when privileged).
export const POST = route(
  {
    response: roleAnswerSchema,
    doc: {
      tag: "Administration",
      summary: "Create a role",
      description:
        "create a role `{ key, name, permissions }` from the permission list → 201 `{ role }`; it holds nobody yet, and giving it to a person is a user change (two admins when it holds a privileged permission); 409 `duplicate_role`",
      status: 201,
      errors: ["conflict"],
    },
    permission: "users.manage",
    body: createRoleSchema,
    action: "role.create",
    stepUp: true,
  },
  async ({ body, actor }) => created({ role: await createRole(body, actor) }),
);
