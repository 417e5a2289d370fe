import { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { parentOf } from "@/lib/declarations/parent";
import { keyed } from "@/lib/platform/keyed";
import { parentAnswerSchema } from "@/lib/declarations/answers";

const query = z
  .object({
    transactionId: z.string().trim().min(1).max(64).optional(),
    reference: z.string().trim().min(1).max(128).optional(),
  })
  .refine((q) => q.transactionId || q.reference, keyed("customs.fieldProblems.transactionOrReference"));

export const GET = route(
  {
    response: parentAnswerSchema,
    doc: {
      tag: "Customs",
      summary: "Look up the payment to declare",
      description:
        "the payment to declare: amount, currency, method and its CNY amount (the amount for CNY, else `amount_CNY` by payment inquiry for alipay/wechatpay; never upop), or why it is unknown (`cnyNote` in English, `cnyReason: { code: not_in_ledger | fetch_failed | upop | no_cny, … }` for the page to word in the reader's language)",
    },
    permission: "customs.read",
    query,
  },
  async ({ query: q }) => {
    const { row, parent, cnyNote, cnyReason } = await parentOf(q);
    return {
      transactionId: row?.id ?? null,
      reference: row?.reference ?? null,
      status: row?.status ?? null,
      ...parent,
      cnyNote,
      cnyReason,
    };
  },
);
