import { route } from "@/lib/platform/api/route";
import { created } from "@/lib/platform/api/responses";
import { issueScimToken } from "@/lib/scim/protocol";
import { scimTokenSchema } from "@/lib/users/answers";

// The identity provider's provisioning token, shown once; the previous one stops working.
export const POST = route(
  {
    response: scimTokenSchema,
    doc: {
      tag: "Administration",
      summary: "Issue the SCIM token",
      description:
        "a new provisioning token for the identity provider's SCIM client (`/scim/v2`), `{ token }` shown once; only its SHA-256 is kept and the previous token stops working",
      status: 201,
    },
    permission: "users.manage",
    action: "scim.token_issue",
    stepUp: true,
  },
  async ({ actor }) => created(await issueScimToken(actor)),
);
