import { answerOutcome } from "@/lib/pending-changes/store";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import { ssoPolicySchema } from "@/lib/sso/schemas";
import { ssoStatus } from "@/lib/sso/config";
import { requestSsoPolicy } from "@/lib/pending-changes/sso";
import { ssoStatusSchema } from "@/lib/sso/answers";

// Who signs in how: a fresh second factor, and the other admin's approval when it loosens.
export const PUT = route(
  {
    response: ssoStatusSchema,
    doc: {
      tag: "Administration",
      summary: "Set the single sign-on policy",
      description:
        "set `{ mode, label, groupsClaim, mappings, breakGlass, mfaAcr }`; refused (422) for an unknown role, a break-glass person who is not an active admin, SSO on without a provider, or required with no break-glass admin; a loosening (required turned down, a group given a privileged role, a new break-glass admin or acr value) waits for the second admin: 202 `{ pendingChange }`; applied at once, it answers as GET",
      pending: pendingChangeClosedSchema,
    },
    permission: "settings.manage",
    body: ssoPolicySchema,
    action: "settings.sso_policy",
    stepUp: true,
  },
  async ({ req, body, actor }) => {
    const outcome = await requestSsoPolicy(body, actor);
    return answerOutcome(outcome, () => ssoStatus(req.nextUrl.origin));
  },
);
