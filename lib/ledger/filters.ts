import { z } from "zod";

// One definition of the transaction list's state, used by the page (URL), the API
// (query string) and the CSV export. A bad value is dropped, never an error page.
import { SORTS, STATUSES, TYPES } from "./constants";

const list = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .transform((s) => s.split(",").filter((v): v is T => (values as readonly string[]).includes(v)))
    .optional()
    .catch(undefined);
const text = (max: number) => z.string().trim().min(1).max(max).optional().catch(undefined);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
const minor = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined);

export const transactionFilterSchema = z.object({
  q: text(128),
  status: list(STATUSES),
  type: list(TYPES),
  method: text(32),
  currency: z.string().regex(/^[A-Z]{3}$/).optional().catch(undefined),
  country: z.string().regex(/^[A-Z]{2}$/).optional().catch(undefined),
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

/** The keyset cursor: the last row's sort value and id, opaque to clients. */
export function encodeCursor(value: string, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString("base64url");
}

export function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return Array.isArray(parsed) && parsed.length === 2 && parsed.every((p) => typeof p === "string") ? [String(parsed[0]), String(parsed[1])] : null;
  } catch {
    return null;
  }
}
