import { route } from "@/lib/platform/api/route";
import { startEnrolment } from "@/lib/platform/auth/mfa";

// The new secret goes to this user's browser once, to be scanned; it is stored sealed.
export const POST = route({ permission: "signed-in", incomplete: true, action: "mfa.setup" }, async ({ actor }) =>
  startEnrolment(actor),
);
