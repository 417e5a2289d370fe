import { route } from "@/lib/platform/api/route";
import { declarationIdSchema } from "@/lib/declarations/schemas";
import { inquireDeclaration } from "@/lib/declarations/inquire";
import { inquiryAnswerSchema } from "@/lib/declarations/answers";

export const POST = route(
  {
    response: inquiryAnswerSchema,
    doc: {
      tag: "Customs",
      summary: "Ask Customs how a declaration stands",
      description:
        "ask Customs for the status of every live sub-order; `problems: [{ subOrderNo, code, message }]` beside `errors` name each refusal by its code",
      errors: ["conflict"],
    },
    permission: "customs.declare",
    params: declarationIdSchema,
    action: "customs.inquire",
  },
  async ({ params, actor }) => inquireDeclaration(params.id, actor),
);
