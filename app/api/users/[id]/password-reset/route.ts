import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { userIdSchema } from "@/lib/users/schemas";
import { resetPassword } from "@/lib/users/service";

// The temporary password is in this answer only; it is never stored in clear or logged.
export const POST = route(
  { permission: "users.manage", params: userIdSchema, action: "user.password_reset", stepUp: true },
  async ({ params, user, req }) => resetPassword(params.id, user, clientInfo(req.headers)),
);
