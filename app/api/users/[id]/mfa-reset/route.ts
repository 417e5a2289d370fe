import { answerOutcome } from "@/lib/pending-changes/store";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import { requestMfaReset } from "@/lib/pending-changes/requests";
import { userIdSchema } from "@/lib/users/schemas";
import { okSchema } from "@/lib/users/answers";

// A lost phone: the user enrols again at the next sign-in. Their sessions end. For a finance,
// manager or admin user the reset waits for a second admin (202).
export const POST = route(
  {
    response: okSchema,
    doc: {
      tag: "Administration",
      summary: "Reset a user's second factor",
      description:
        "remove the user's second factor (lost phone) → `{ ok: true }`; their sessions end; for a finance, manager or admin user 202 `{ pendingChange }`",
      pending: pendingChangeClosedSchema,
    },
    permission: "users.manage",
    params: userIdSchema,
    action: "user.mfa_reset",
    stepUp: true,
  },
  async ({ params, actor }) => {
    const outcome = await requestMfaReset(params.id, actor);
    return answerOutcome(outcome, () => ({ ok: true }));
  },
);
