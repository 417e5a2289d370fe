import { route } from "@/lib/platform/api/route";
import { approvalListQuerySchema, approvalsPage } from "@/lib/operations/approvals";

// The approvals queue: refunds waiting for a second person, newest first, a page at a time
// (`cursor` from `nextCursor`), with their charges' amounts and what is left to refund.
export const GET = route({ permission: "refunds.approve", query: approvalListQuerySchema }, async ({ query, actor }) =>
  approvalsPage(query, actor.user),
);
