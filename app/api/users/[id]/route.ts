import { route } from "@/lib/api/route";
import { updateUserSchema, userIdSchema } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/service";
import { clientInfo } from "@/lib/audit/log";

export const PATCH = route(
  { permission: "users.manage", params: userIdSchema, body: updateUserSchema, action: "user.update", stepUp: true },
  async ({ params, body, user, req }) => ({ user: await updateUser(params.id, body, user, clientInfo(req.headers)) }),
);
