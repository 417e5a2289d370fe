import { z } from "zod";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { isBigint, isIsoInstant } from "@/lib/platform/api/list-params";
import { decodeCursor as decodeKeyset } from "@/lib/platform/api/keyset";
import { transactionSearchParams } from "./search-params";

// The transaction list's query as the API, the export and the page read it.
export const transactionFilterSchema = filterSchemaOf(transactionSearchParams).extend({
  limit: z.coerce.number().int().min(1).max(200).catch(50).default(50),
});
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

/** The keyset cursor: the last row's sort value and id, opaque to clients (lib/platform/api/keyset.ts). */
export { encodeCursor } from "@/lib/platform/api/keyset";

/** The cursor's parts, or null (first page) for anything that is not one of ours for this sort. */
export function decodeCursor(
  cursor: string | undefined,
  sort: TransactionFilter["sort"] = "time",
): [string, string] | null {
  return decodeKeyset(cursor, sort === "amount" ? isBigint : isIsoInstant);
}
