import { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { parentOf } from "@/lib/declarations/parent";
import { keyed } from "@/lib/platform/keyed";

const query = z
  .object({
    transactionId: z.string().trim().min(1).max(64).optional(),
    reference: z.string().trim().min(1).max(128).optional(),
  })
  .refine((q) => q.transactionId || q.reference, keyed("customs.fieldProblems.transactionOrReference"));

// The payment a declaration is for: amount, currency, method and the CNY amount (amount_CNY by inquiry);
// without it, cnyNote says why in English and cnyReason in a form the page words in the reader's language.
export const GET = route({ permission: "customs.read", query }, async ({ query: q }) => {
  const { row, parent, cnyNote, cnyReason } = await parentOf(q);
  return {
    transactionId: row?.id ?? null,
    reference: row?.reference ?? null,
    status: row?.status ?? null,
    ...parent,
    cnyNote,
    cnyReason,
  };
});
