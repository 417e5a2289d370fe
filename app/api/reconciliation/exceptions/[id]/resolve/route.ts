import { route } from "@/lib/platform/api/route";
import { exceptionParams, resolveBody } from "@/lib/reconciliation/schemas";
import { resolveException } from "@/lib/reconciliation/resolve";

// A person settles an open difference with a note (audited).
export const POST = route(
  { permission: "reconciliation.manage", params: exceptionParams, body: resolveBody, action: "reconciliation.resolve" },
  async ({ params, body, actor }) => ({ exception: await resolveException(params.id, body, actor) }),
);
