// Keyset paging (ADR 0014): deep pages cost what the first does, and a row written meanwhile
// neither repeats nor hides another. A cursor that is not ours is the first page, never an error.
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

/**
 * The condition, the order and the next cursor all read from one (time, id) pair, so they cannot
 * disagree. `validId`: a uuid column refuses other text with an error, so such a cursor is the first page.
 */
export function keysetOn<Row, Where, Order>(
  field: keyof Row & string,
  idField: keyof Row & string,
  validId: (id: string) => boolean = () => true,
) {
  const keyOf = (row: Row): TimeKey => ({ at: row[field] as Date, id: String(row[idField]) });
  const reads = (cursor: string | undefined) => timeKey(cursor, validId) !== null;
  return {
    /** Rows strictly older than the cursor, to AND with the list's own filter; nothing for the first page. */
    after(cursor: string | undefined): Where {
      const key = timeKey(cursor, validId);
      if (!key) return {} as Where;
      // The OR alone is no index bound: the scan began at the newest row and filtered its way down
      // to the cursor, so a page halfway through read half the table (issue 36: 57 ms at 100,000
      // operations). The `lte` beside it is one: the scan starts at the cursor.
      return {
        AND: [
          { [field]: { lte: key.at } },
          { OR: [{ [field]: { lt: key.at } }, { [field]: key.at, [idField]: { lt: key.id } }] },
        ],
      } as Where;
    },
    orderBy: [{ [field]: "desc" }, { [idField]: "desc" }] as Order[],
    /** Whether `cursor` continues this list (false: not one of ours, the first page). */
    reads,
    /**
     * One page from a query that asked for `size + 1` rows after `cursor`: the page, the cursor
     * of the next one when the extra row shows there is more, and whether this is an older
     * page — false for a cursor that is not ours, which reads as the first page.
     */
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

/**
 * Every row a paged read gives, page after page (an export): never the whole set in memory,
 * and no cap — the last page is the one with no next cursor.
 */
export async function* everyPage<T>(
  read: (cursor: string | undefined) => Promise<{ rows: T[]; nextCursor: string | null }>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const page = await read(cursor);
    yield* page.rows;
    if (!page.nextCursor) return;
    // A cursor that reads the same page again would repeat it for ever: stop with an error.
    if (page.nextCursor === cursor) throw new Error("A page's cursor did not move past it.");
    cursor = page.nextCursor;
  }
}
