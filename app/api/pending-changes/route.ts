import { route } from "@/lib/platform/api/route";
import { adminStanding, listPending } from "@/lib/pending-changes/store";
import { listQuerySchema } from "@/lib/pending-changes/schemas";

// Changes that loosen a control and wait for a second admin (lib/pending-changes). Both
// settings.manage and users.manage belong to admins; the approve route checks the kind's own.
export const GET = route({ permission: "users.manage", query: listQuerySchema }, async ({ query }) => ({
  pendingChanges: await listPending(query.area),
  ...(await adminStanding()),
}));
