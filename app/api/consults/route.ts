import { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { getUpi } from "@/lib/upi";
import { keyed } from "@/lib/platform/keyed";
import { consultAnswerSchema } from "@/lib/charges/answers";

const querySchema = z.object({
  method: z.enum(["alipay+", "card"], "method must be alipay+ or card"),
  amount: z.coerce.number().int().positive(keyed("validation.minor.positiveInteger")),
  currency: z.string().regex(/^[A-Z]{3}$/, keyed("validation.query.currency")),
  country: z
    .string()
    .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, keyed("validation.query.country"))
    .optional(),
  client: z.enum(["desktop", "mobile_browser"]).optional(),
  device: z.enum(["ios", "android"]).optional(),
});

/** Installment plans and promotions for an amount, before charging. */
export const GET = route(
  {
    response: consultAnswerSchema,
    doc: {
      tag: "Payments",
      summary: "Consult installments and promotions",
      description:
        "installment plans and promotions for an amount (the payment API's consult): `{ installments, promotions }` as the service answers them (its other fields passed on)",
    },
    permission: "charges.create",
    query: querySchema,
  },
  async ({ query }) => {
    const upi = await getUpi();
    return upi.consult(query);
  },
);
