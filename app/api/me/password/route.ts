import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { changePasswordSchema } from "@/lib/users/schemas";
import { changeOwnPassword } from "@/lib/users/service";

export const POST = route(
  { permission: "signed-in", incomplete: true, body: changePasswordSchema, action: "user.password_change" },
  async ({ body, user, req }) => {
    await changeOwnPassword(user, body.currentPassword, body.newPassword, clientInfo(req.headers));
    return { ok: true };
  },
);
