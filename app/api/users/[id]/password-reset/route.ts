import { answerOutcome } from "@/lib/pending-changes/store";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import { userIdSchema } from "@/lib/users/schemas";
import { requestPasswordReset } from "@/lib/pending-changes/requests";
import { temporaryPasswordSchema } from "@/lib/users/answers";

// The temporary password is in this answer only; it is never stored in clear or logged.
// For a finance, manager or admin user the reset waits for a second admin (202), and the
// password is made at approval and shown to the approving admin only.
export const POST = route(
  {
    response: temporaryPasswordSchema,
    doc: {
      tag: "Administration",
      summary: "Reset a user's password",
      description:
        "`{ temporaryPassword }`, shown once; the user's sessions end; for a finance, manager or admin user 202 `{ pendingChange }` (the password goes to the approver)",
      pending: pendingChangeClosedSchema,
    },
    permission: "users.manage",
    params: userIdSchema,
    action: "user.password_reset",
    stepUp: true,
  },
  async ({ params, actor }) => {
    const outcome = await requestPasswordReset(params.id, actor);
    return answerOutcome(outcome, (applied) => applied);
  },
);
