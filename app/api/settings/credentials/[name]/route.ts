import { route } from "@/lib/platform/api/route";
import { pendingResponse } from "@/lib/platform/api/responses";
import { credentialNameSchema, credentialStatus, credentialValueSchema } from "@/lib/settings/credentials";
import { requestCredentialSet } from "@/lib/pending-changes/credentials";

// Replacing a credential needs a fresh second factor and, once the merchant has had two admins,
// the other admin's approval: 202 with the pending change until then.
export const PUT = route(
  {
    permission: "settings.manage",
    params: credentialNameSchema,
    body: credentialValueSchema,
    action: "settings.credential.set",
    stepUp: true,
  },
  async ({ params, body, actor }) => {
    const outcome = await requestCredentialSet(params.name, body, actor);
    if ("pendingChange" in outcome) return pendingResponse(outcome.pendingChange);
    return credentialStatus();
  },
);
