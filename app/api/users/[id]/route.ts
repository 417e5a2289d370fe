import { answerOutcome } from "@/lib/pending-changes/store";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import { updateUserSchema, userIdSchema } from "@/lib/users/schemas";
import { requestUserUpdate } from "@/lib/pending-changes/requests";
import { userAnswerSchema } from "@/lib/users/answers";

export const PATCH = route(
  {
    response: userAnswerSchema,
    doc: {
      tag: "Administration",
      summary: "Change a user",
      description:
        "change `{ role?, disabled?, name? }` → `{ user }`; the last active admin cannot be disabled or demoted (409); a role or status change ends the user's sessions; a promotion or re-enabling of a privileged user, or disabling or demoting an admin, answers 202 `{ pendingChange }`",
      pending: pendingChangeClosedSchema,
      errors: ["conflict"],
    },
    permission: "users.manage",
    params: userIdSchema,
    body: updateUserSchema,
    action: "user.update",
    stepUp: true,
  },
  // A role other than ops, or enabling a finance/manager/admin user again, waits for a second admin (202).
  async ({ params, body, actor }) => {
    const outcome = await requestUserUpdate(params.id, body, actor);
    return answerOutcome(outcome, (user) => ({ user }));
  },
);
