import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { resetMfa } from "@/lib/auth/mfa";
import { userIdSchema } from "@/lib/users/schemas";

// A lost phone: the user enrols again at the next sign-in. Their sessions end.
export const POST = route(
  { permission: "users.manage", params: userIdSchema, action: "user.mfa_reset", stepUp: true },
  async ({ params, user, req }) => {
    await resetMfa(params.id, user, clientInfo(req.headers));
    return { ok: true };
  },
);
