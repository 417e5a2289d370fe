import { route } from "@/lib/platform/api/route";
import { pendingAccountStep } from "@/lib/platform/auth/session";

// Open before the account is complete, so the browser can tell what is still needed.
export const GET = route({ permission: "signed-in", incomplete: true }, async ({ actor: { user } }) => ({
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
}));
