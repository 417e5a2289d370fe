import { route } from "@/lib/api/route";
import { ROLE_PERMISSIONS } from "@/lib/auth/permissions";
import { pendingAccountStep } from "@/lib/auth/session";
import { requiresMfa } from "@/lib/auth/session-policy";

// Open before the account is complete, so the browser can tell what is still needed.
export const GET = route({ permission: "signed-in", incomplete: true }, async ({ actor: { user } }) => ({
  user: {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    permissions: ROLE_PERMISSIONS[user.role],
    mfaEnabled: user.mfaEnabled,
    mfaRequired: requiresMfa(user.role),
    pending: pendingAccountStep(user),
  },
}));
