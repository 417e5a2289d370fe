import { route } from "@/lib/platform/api/route";
import { approve } from "@/lib/pending-changes/approve";
import { decisionSchema, pendingIdSchema } from "@/lib/pending-changes/schemas";
import { approvedSchema } from "@/lib/pending-changes/approved";

// Another admin than the requester applies the change, with a fresh second factor. A reset
// password is in this answer only (to the approving admin), never stored.
export const POST = route(
  {
    response: approvedSchema,
    doc: {
      tag: "Administration",
      summary: "Approve a change",
      description:
        '`{ comment? }`: another admin than the requester applies its "before → after" moves only (through the same checks as the direct call) → 200 `{ pendingChange }` closed, with what its kind applied: `settings`, `credential` (its name), `chat`, `sso` (`provider` | `policy`), `user`, `role` or `ok`; 409 `changed_since` when a "before" moved, `requester_inactive` when the requester is no longer an active admin; a password reset or a created user answers `{ temporaryPassword }` here only',
      errors: ["conflict"],
    },
    permission: "users.manage",
    params: pendingIdSchema,
    body: decisionSchema,
    action: "pending_change.approve",
    stepUp: true,
  },
  async ({ params, body, actor }) => approve(params.id, body, actor),
);
