import { answerOutcome } from "@/lib/pending-changes/store";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import { credentialNameSchema, credentialStatus, credentialValueSchema } from "@/lib/settings/credentials";
import { requestCredentialSet } from "@/lib/pending-changes/credentials";
import { credentialStatusSchema } from "@/lib/settings/answers";

// Replacing a credential needs a fresh second factor and, once the merchant has had two admins,
// the other admin's approval: 202 with the pending change until then.
export const PUT = route(
  {
    response: credentialStatusSchema,
    doc: {
      tag: "Administration",
      summary: "Set a credential",
      description:
        "set or rotate `{ value }`; audited; a rotated webhook secret stays accepted as the previous one for `WEBHOOK_PREVIOUS_SECRET_HOURS` → the credentials' status as GET reads it (never a value)",
      pending: pendingChangeClosedSchema,
    },
    permission: "settings.manage",
    params: credentialNameSchema,
    body: credentialValueSchema,
    action: "settings.credential.set",
    stepUp: true,
  },
  async ({ params, body, actor }) => {
    const outcome = await requestCredentialSet(params.name, body, actor);
    return answerOutcome(outcome, () => credentialStatus());
  },
);
