import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { stepUp } from "@/lib/auth/mfa";
import { codeSchema } from "@/lib/users/schemas";

export const POST = route(
  { permission: "signed-in", body: codeSchema, action: "mfa.step_up" },
  async ({ body, user, req }) => {
    await stepUp(user, body.code, clientInfo(req.headers));
    return { ok: true };
  },
);
