import { route } from "@/lib/platform/api/route";
import { stepUp } from "@/lib/platform/auth/mfa";
import { codeSchema } from "@/lib/users/schemas";

export const POST = route(
  { permission: "signed-in", body: codeSchema, action: "mfa.step_up" },
  async ({ body, actor }) => {
    await stepUp(body, actor);
    return { ok: true };
  },
);
