import { route } from "@/lib/platform/api/route";
import { changePasswordSchema } from "@/lib/users/schemas";
import { changeOwnPassword } from "@/lib/users/service";

export const POST = route(
  { permission: "signed-in", incomplete: true, body: changePasswordSchema, action: "user.password_change" },
  async ({ body, actor }) => {
    await changeOwnPassword(body, actor);
    return { ok: true };
  },
);
