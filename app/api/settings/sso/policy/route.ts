import { route } from "@/lib/platform/api/route";
import { pendingResponse } from "@/lib/platform/api/responses";
import { ssoPolicySchema } from "@/lib/sso/schemas";
import { ssoStatus } from "@/lib/sso/config";
import { requestSsoPolicy } from "@/lib/pending-changes/sso";

// Who signs in how: a fresh second factor, and the other admin's approval when it loosens.
export const PUT = route(
  { permission: "settings.manage", body: ssoPolicySchema, action: "settings.sso_policy", stepUp: true },
  async ({ req, body, actor }) => {
    const outcome = await requestSsoPolicy(body, actor);
    if ("pendingChange" in outcome) return pendingResponse(outcome.pendingChange);
    return ssoStatus(req.nextUrl.origin);
  },
);
