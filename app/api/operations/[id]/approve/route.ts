import type { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { decisionBodySchema, operationIdSchema } from "@/lib/operations/schemas";
import { approveOperation } from "@/lib/operations/decide";
import { failureError } from "@/app/api/operations/operation-response";
import { operationAnswerSchema } from "@/lib/operations/answers";

export const POST = route(
  {
    response: operationAnswerSchema,
    doc: {
      tag: "Ledger",
      summary: "Approve a refund waiting for a manager",
      description:
        "`{ comment }`: approve a refund someone else asked for; the amount is checked again and the refund sent at once",
      errors: ["conflict", "upstream_error"],
    },
    permission: "refunds.approve",
    params: operationIdSchema,
    body: decisionBodySchema,
    action: "refund.approve",
    stepUp: true,
  },
  async ({ params, body, actor }) => {
    const operation = await approveOperation(params.id, body, actor);
    if (operation.status === "failed") throw failureError(operation);
    return { operation } satisfies z.output<typeof operationAnswerSchema>;
  },
);
