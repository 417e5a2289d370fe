import { route } from "@/lib/api/route";
import { startEnrolment } from "@/lib/auth/mfa";

// The new secret goes to this user's browser once, to be scanned; it is stored sealed.
export const POST = route({ permission: "signed-in", incomplete: true, action: "mfa.setup" }, async ({ actor }) =>
  startEnrolment(actor),
);
