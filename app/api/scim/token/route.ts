import { route } from "@/lib/platform/api/route";
import { created } from "@/lib/platform/api/responses";
import { issueScimToken } from "@/lib/scim/token";

// The identity provider's provisioning token, shown once; the previous one stops working.
export const POST = route({ permission: "users.manage", action: "scim.token_issue", stepUp: true }, async ({ actor }) =>
  created(await issueScimToken(actor)),
);
