import { route } from "@/lib/platform/api/route";
import { startEnrolment } from "@/lib/platform/auth/mfa";
import { mfaSetupSchema } from "@/lib/users/answers";

// The new secret goes to this user's browser once, to be scanned; it is stored sealed.
export const POST = route(
  {
    response: mfaSetupSchema,
    doc: {
      tag: "Account",
      summary: "Start two-step sign-in",
      description:
        "a new authenticator secret `{ secret, uri }` (otpauth URI for the QR code), kept unconfirmed; 409 `mfa_already_enabled` while one is on",
      errors: ["conflict"],
    },
    permission: "signed-in",
    incomplete: true,
    action: "mfa.setup",
  },
  async ({ actor }) => startEnrolment(actor),
);
