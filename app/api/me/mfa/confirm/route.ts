import { route } from "@/lib/platform/api/route";
import { confirmEnrolment } from "@/lib/platform/auth/mfa";
import { codeSchema } from "@/lib/users/schemas";

export const POST = route(
  { permission: "signed-in", incomplete: true, body: codeSchema, action: "mfa.enable" },
  async ({ body, actor }) => ({ recoveryCodes: await confirmEnrolment(body, actor) }),
);
