import { route } from "@/lib/platform/api/route";
import { declarationIdSchema } from "@/lib/declarations/schemas";
import { getDeclaration } from "@/lib/declarations/view";
import { declarationAnswerSchema } from "@/lib/declarations/answers";

export const GET = route(
  {
    response: declarationAnswerSchema,
    doc: {
      tag: "Customs",
      summary: "Get a customs declaration",
      description:
        "one declaration: per sub-order state (`pending`, `sending`, `submitted`, `failed`, `unknown`, `corrected`) and `status`, what the pages show (the state, or `rejected` / `accepted` where Customs answered EXCEPT or FAIL / SUCCESS), declare number, Customs status and time, verification organization, identity check, error (B1–B6/ZZ explained), the vendor request and response (not for wechatpay), and `match: { orderNo, declareNumber }`, the three-way match (`orderNo`: the sub_order_no of a split order, else `vendorTransactionId`)",
    },
    permission: "customs.read",
    params: declarationIdSchema,
  },
  async ({ params }) => ({
    declaration: await getDeclaration(params.id),
  }),
);
