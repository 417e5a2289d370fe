import { z } from "zod";
import { isIsoInstant } from "@/lib/platform/api/list-params";

/** The `cursor` query value of a paged list (what `nextCursor` gave). */
export const cursorParam = z.string().max(1000).optional().catch(undefined);

export function encodeCursor(value: string, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString("base64url");
}

/** The cursor's value and id, or null for anything that is not one of ours (`valid` checks the value). */
export function decodeCursor(cursor: string | undefined, valid: (value: string) => boolean): [string, string] | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 2 ||
      !parsed.every((p) => typeof p === "string" && p.length <= 500 && !p.includes("\u0000"))
    )
      return null;
    const [value, id] = parsed as [string, string];
    return valid(value) ? [value, id] : null;
  } catch {
    return null;
  }
}

/** A row's place in a list ordered by a time, newest first, then by id, highest first. */
export type TimeKey = { at: Date; id: string };

const timeKey = (cursor: string | undefined, validId: (id: string) => boolean): TimeKey | null => {
  const parts = decodeCursor(cursor, isIsoInstant);
  return parts && validId(parts[1]) ? { at: new Date(parts[0]), id: parts[1] } : null;
};

/** A page's size: 1–200, 50 when absent or not a number. */
export const limitParam = z.coerce.number().int().min(1).max(200).catch(50).default(50);

/** The condition, the order and the next cursor read one (time, id) pair, so they cannot disagree (ADR 0014). */
export function keysetOn<Row, Where, Order>(
  field: keyof Row & string,
  idField: keyof Row & string,
  validId: (id: string) => boolean = () => true,
) {
  const keyOf = (row: Row): TimeKey => ({ at: row[field] as Date, id: String(row[idField]) });
  const reads = (cursor: string | undefined) => timeKey(cursor, validId) !== null;
  return {
    after(cursor: string | undefined): Where {
      const key = timeKey(cursor, validId);
      if (!key) return {} as Where;
      // The `lte` is the index bound: the OR alone made a page halfway read half the table (ADR 0014).
      return {
        AND: [
          { [field]: { lte: key.at } },
          { OR: [{ [field]: { lt: key.at } }, { [field]: key.at, [idField]: { lt: key.id } }] },
        ],
      } as Where;
    },
    orderBy: [{ [field]: "desc" }, { [idField]: "desc" }] as Order[],
    reads,
    page<T extends Row>(
      rows: T[],
      size: number,
      cursor: string | undefined,
    ): { rows: T[]; nextCursor: string | null; older: boolean } {
      const page = rows.slice(0, size);
      const last = page.at(-1);
      const key = last && rows.length > size ? keyOf(last) : null;
      return {
        rows: page,
        nextCursor: key ? encodeCursor(key.at.toISOString(), key.id) : null,
        older: reads(cursor),
      };
    },
  };
}

/** Every row a paged read gives, page after page (an export). */
export async function* everyPage<T>(
  read: (cursor: string | undefined) => Promise<{ rows: T[]; nextCursor: string | null }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const page = await read(cursor);
    yield* page.rows;
    if (!page.nextCursor) return;
    if (page.nextCursor === cursor) throw new Error("A page's cursor did not move past it.");
    cursor = page.nextCursor;
  }
}
