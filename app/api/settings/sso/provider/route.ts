import { answerOutcome } from "@/lib/pending-changes/store";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import { ssoProviderSchema } from "@/lib/sso/schemas";
import { ssoStatus } from "@/lib/sso/config";
import { requestSsoProvider } from "@/lib/pending-changes/sso";
import { ssoStatusSchema } from "@/lib/sso/answers";

// The provider is a credential: a fresh second factor and, once there were two admins, the other one's approval.
export const PUT = route(
  {
    response: ssoStatusSchema,
    doc: {
      tag: "Administration",
      summary: "Set the single sign-on provider",
      description:
        "set `{ issuer, clientId, clientSecret }`; a credential: once the merchant has had two admins it waits for the other one, sealed: 202 `{ pendingChange }`; audited `settings.sso_provider`; applied at once (one admin ever), it answers as GET",
      pending: pendingChangeClosedSchema,
    },
    permission: "settings.manage",
    body: ssoProviderSchema,
    action: "settings.sso_provider",
    stepUp: true,
  },
  async ({ req, body, actor }) => {
    const outcome = await requestSsoProvider(body, actor);
    return answerOutcome(outcome, () => ssoStatus(req.nextUrl.origin));
  },
);
