import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import { createUserSchema, userListQuerySchema } from "@/lib/users/schemas";
import { listUsers } from "@/lib/users/service";
import { requestUserCreate } from "@/lib/pending-changes/requests";
import { idempotencyKey, onceResponse } from "@/lib/platform/api/idempotency";
import { once } from "@/lib/platform/idempotency/once";
import { userAnswerSchema, userListSchema } from "@/lib/users/answers";

export const GET = route(
  {
    response: userListSchema,
    doc: {
      tag: "Administration",
      summary: "List users",
      description:
        "all users with `emailShown` (only when its internationalised domain reads otherwise in its own script), `mfaEnabled`, `activeSessions`, `mustChangePassword` (never password hashes)",
    },
    permission: "users.manage",
    query: userListQuerySchema,
  },
  async ({ query }) => ({
    users: await listUsers(query),
  }),
);

export const POST = route(
  {
    response: userAnswerSchema,
    doc: {
      tag: "Administration",
      summary: "Create a user",
      description:
        "create `{ email, name, role, password }` with an `Idempotency-Key` → 201 `{ user }` (200 for the same key again), or 202 `{ pendingChange }` for a finance, manager or admin user (two admins, above: the given password is dropped and the approval answers `{ temporaryPassword }`); the user changes the password at first sign-in",
      idempotencyKey: true,
      status: 201,
      pending: pendingChangeClosedSchema,
      errors: ["conflict"],
    },
    permission: "users.manage",
    body: createUserSchema,
    action: "user.create",
    stepUp: true,
  },
  async ({ body, actor, req }) => {
    // Once per (admin, Idempotency-Key): a double click is the same user, not "already exists".
    // A finance, manager or admin user waits for a second admin (202 with the pending change).
    const created = await once(
      { userId: actor.user.id, key: idempotencyKey(req), action: "user.create", params: body },
      async () => {
        const outcome = await requestUserCreate(body, actor);
        return "pendingChange" in outcome ? outcome : { user: outcome.applied };
      },
    );
    return onceResponse(created, "pendingChange" in created.value ? 202 : 201);
  },
);
