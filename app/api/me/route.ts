import { route } from "@/lib/platform/api/route";
import { pendingAccountStep } from "@/lib/platform/auth/session";
import { meSchema } from "@/lib/users/answers";

// Open before the account is complete, so the browser can tell what is still needed.
export const GET = route(
  {
    response: meSchema,
    doc: {
      tag: "Account",
      summary: "Who you are and what you may do",
      description:
        "the current user, role, permissions, `mfaEnabled`, `mfaRequired`, `pending` (`password`|`mfa`|null)",
    },
    permission: "signed-in",
    incomplete: true,
  },
  async ({ actor: { user } }) => ({
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      permissions: user.permissions,
      mfaEnabled: user.mfaEnabled,
      mfaRequired: user.mfaRequired,
      pending: pendingAccountStep(user),
    },
  }),
);
