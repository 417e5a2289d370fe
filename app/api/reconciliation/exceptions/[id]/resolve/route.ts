import { route } from "@/lib/platform/api/route";
import { exceptionParams, resolveBody } from "@/lib/reconciliation/schemas";
import { resolveException } from "@/lib/reconciliation/resolve";
import { exceptionAnswerSchema } from "@/lib/reconciliation/answers";

export const POST = route(
  {
    response: exceptionAnswerSchema,
    doc: {
      tag: "Reconciliation",
      summary: "Resolve a difference with a note",
      description:
        "`{ note }` (1–2000 characters): the open difference is resolved with the note (audited `reconciliation.resolve`); a later run that finds the payment service saying the same does not raise it again. 409 `exception_resolved`",
      errors: ["conflict"],
    },
    permission: "reconciliation.manage",
    params: exceptionParams,
    body: resolveBody,
    action: "reconciliation.resolve",
  },
  async ({ params, body, actor }) => ({ exception: await resolveException(params.id, body, actor) }),
);
