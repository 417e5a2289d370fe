import { route } from "@/lib/platform/api/route";
import { adminStanding, listPending } from "@/lib/pending-changes/store";
import { listQuerySchema } from "@/lib/pending-changes/schemas";
import { pendingChangeListSchema } from "@/lib/pending-changes/answers";

// Changes that loosen a control and wait for a second admin (lib/pending-changes). Both
// settings.manage and users.manage belong to admins; the approve route checks the kind's own.
export const GET = route(
  {
    response: pendingChangeListSchema,
    doc: {
      tag: "Administration",
      summary: "List changes waiting for a second admin",
      description:
        'changes waiting for a second admin (kind, "before → after" lines, who asked, when it expires), `singleAdmin` (never had a second admin) and `noApprover` (had one, none other active now)',
    },
    permission: "users.manage",
    query: listQuerySchema,
  },
  async ({ query }) => ({
    pendingChanges: await listPending(query.area),
    ...(await adminStanding()),
  }),
);
