import { route } from "@/lib/platform/api/route";
import { stepUp } from "@/lib/platform/auth/mfa";
import { codeSchema } from "@/lib/users/schemas";
import { okSchema } from "@/lib/users/answers";

export const POST = route(
  {
    response: okSchema,
    doc: {
      tag: "Account",
      summary: "Step up with a second-factor code",
      description:
        '`{ code }` (or a recovery code): this session may do sensitive actions for `STEP_UP_MINUTES`; wrong codes are audited and throttled; a code already used (at sign-in, say) is refused with `details.rule = "code_used"` and a message saying when the next one appears → `{ ok: true }`',
      errors: ["conflict"],
    },
    permission: "signed-in",
    body: codeSchema,
    action: "mfa.step_up",
  },
  async ({ body, actor }) => {
    await stepUp(body, actor);
    return { ok: true };
  },
);
