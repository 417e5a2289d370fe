import { route } from "@/lib/platform/api/route";
import { confirmEnrolment } from "@/lib/platform/auth/mfa";
import { codeSchema } from "@/lib/users/schemas";
import { recoveryCodesSchema } from "@/lib/users/answers";

export const POST = route(
  {
    response: recoveryCodesSchema,
    doc: {
      tag: "Account",
      summary: "Turn on two-step sign-in",
      description: "`{ code }` from the app: turns it on and answers the ten `recoveryCodes`, shown this once",
    },
    permission: "signed-in",
    incomplete: true,
    body: codeSchema,
    action: "mfa.enable",
  },
  async ({ body, actor }) => ({ recoveryCodes: await confirmEnrolment(body, actor) }),
);
