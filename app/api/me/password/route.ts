import { route } from "@/lib/platform/api/route";
import { changePasswordSchema } from "@/lib/users/schemas";
import { changeOwnPassword } from "@/lib/users/service";
import { okSchema } from "@/lib/users/answers";

export const POST = route(
  {
    response: okSchema,
    doc: {
      tag: "Account",
      summary: "Change your password",
      description: "`{ currentPassword, newPassword }` (12+ characters); ends your other sessions → `{ ok: true }`",
    },
    permission: "signed-in",
    incomplete: true,
    body: changePasswordSchema,
    action: "user.password_change",
  },
  async ({ body, actor }) => {
    await changeOwnPassword(body, actor);
    return { ok: true };
  },
);
