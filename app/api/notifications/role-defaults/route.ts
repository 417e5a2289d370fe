import { route } from "@/lib/platform/api/route";
import { auditWrite } from "@/lib/platform/audit/log";
import { json } from "@/lib/platform/api/responses";
import { ROLES } from "@/lib/platform/auth/permissions";
import { roleDefaults, setRoleDefaults } from "@/lib/notifications/preferences";
import { roleDefaultsSchema } from "@/lib/notifications/schemas";
import { roleDefaultsAnswerSchema, roleDefaultsSetSchema } from "@/lib/notifications/answers";

// A manager's defaults per role and event (issue 35): what applies to a person of the role who
// has not chosen. A person's own choice wins; no default is e-mail.

export const GET = route(
  {
    response: roleDefaultsAnswerSchema,
    doc: {
      tag: "Account",
      summary: "Read every role's notification defaults",
      description:
        "every role's defaults per event: `{ defaults: { <role>: { <kind>: mode } } }` (no default: `email`)",
    },
    permission: "notifications.manage",
  },
  async () =>
    json({
      defaults: Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await roleDefaults(role)]))),
    }),
);

export const PUT = route(
  {
    response: roleDefaultsSetSchema,
    doc: {
      tag: "Account",
      summary: "Set a role's notification defaults",
      description:
        '`{ role, modes: { <kind>: "console" | "email" | "digest" | null } }` → `{ role, defaults }`: what applies to the role\'s people who have not chosen themselves (null forgets one); audited `notifications.role_defaults.update`',
    },
    permission: "notifications.manage",
    body: roleDefaultsSchema,
    action: "notifications.role_defaults.update",
  },
  async ({ body, actor }) => {
    const audited = auditWrite({
      actor,
      action: "notifications.role_defaults.update",
      result: "ok",
      detail: { role: body.role, modes: body.modes },
    });
    return json({
      role: body.role,
      defaults: await setRoleDefaults(body.role, body.modes, [audited]),
    });
  },
);
