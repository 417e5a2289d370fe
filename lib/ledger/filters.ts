import { z } from "zod";

// One definition of the transaction list's state, used by the page (URL), the API
// (query string) and the CSV export. A bad value is dropped, never an error page.
import { SORTS, STATUSES, TYPES } from "./constants";
import { calendarDay, isBigint, isIsoInstant, searchText } from "@/lib/platform/api/list-params";
import { decodeCursor as decodeKeyset } from "@/lib/platform/api/keyset";

const list = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .transform((s) => s.split(",").filter((v): v is T => (values as readonly string[]).includes(v)))
    .optional()
    .catch(undefined);
const text = searchText;
const day = calendarDay;
const minor = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);

export const transactionFilterSchema = z.object({
  q: text(128),
  status: list(STATUSES),
  type: list(TYPES),
  method: text(32),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .catch(undefined),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .catch(undefined),
  from: day,
  to: day,
  amountMin: minor,
  amountMax: minor,
  sort: z.enum(SORTS).catch("time").default("time"),
  dir: z.enum(["asc", "desc"]).catch("desc").default("desc"),
  cursor: z.string().max(200).optional().catch(undefined),
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
  // Cast by PostgreSQL (timestamptz or bigint): a value it would refuse is no cursor.
  return decodeKeyset(cursor, sort === "amount" ? isBigint : isIsoInstant);
}
