import { route } from "@/lib/api/route";
import { createUserSchema } from "@/lib/users/schemas";
import { createUser, listUsers } from "@/lib/users/service";
import { clientInfo } from "@/lib/audit/log";
import { idempotencyKey, once, onceResponse } from "@/lib/api/idempotency";

export const GET = route({ permission: "users.manage" }, async () => ({ users: await listUsers() }));

export const POST = route(
  { permission: "users.manage", body: createUserSchema, action: "user.create", stepUp: true },
  async ({ body, user, req }) => {
    // Once per (admin, Idempotency-Key): a double click is the same user, not "already exists".
    const created = await once({ userId: user.id, key: idempotencyKey(req), action: "user.create", params: body }, () => createUser(body, user, clientInfo(req.headers)));
    return onceResponse({ ...created, value: { user: created.value } });
  },
);
