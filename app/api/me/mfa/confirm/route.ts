import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { confirmEnrolment } from "@/lib/auth/mfa";
import { codeSchema } from "@/lib/users/schemas";

export const POST = route(
  { permission: "signed-in", incomplete: true, body: codeSchema, action: "mfa.enable" },
  async ({ body, user, req }) => ({ recoveryCodes: await confirmEnrolment(user, body.code, clientInfo(req.headers)) }),
);
