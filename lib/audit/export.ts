import "server-only";
import type { Actor, StaffUser } from "@/lib/auth/actor";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit } from "./log";
import { log } from "@/lib/log";

/**
 * An export in the audit log, twice. Before the first row leaves: who, and which filter — a
 * download cut short is still on record (result "ok"). When the file ends: how many rows were
 * written into it, "succeeded" when the whole set was, "failed" with the rows written so far
 * when a read failed or the person cancelled. Rows are written a little ahead of what the
 * browser has received (the stream's buffers), so a cancelled file's count is an upper bound.
 * One row only, at the start, said nothing of what left the console.
 */
export async function auditedExport<T>(
  actor: Actor<StaffUser>,
  action: string,
  filter: Prisma.InputJsonValue,
  rows: AsyncIterable<T>,
): Promise<AsyncIterable<T>> {
  await audit({ actor, action, result: "ok", detail: { filter } });
  return (async function* () {
    let written = 0;
    let stopped: string | null = "cancelled";
    const source = rows[Symbol.asyncIterator]();
    let done = false;
    try {
      for (;;) {
        let next: IteratorResult<T>;
        try {
          next = await source.next();
        } catch (e) {
          // The reason stays in the log line (lib/api/csv.ts); the audit trail says what happened.
          stopped = "read failed";
          throw e;
        }
        if (next.done) break;
        written++;
        // A person who cancels the download is an error thrown here, at the yield (the stream
        // is destroyed): that is "cancelled", not a failed read.
        yield next.value;
      }
      done = true;
      stopped = null;
    } finally {
      if (!done && stopped === "cancelled") await source.return?.().catch(() => undefined);
      await audit({
        actor,
        action,
        result: stopped ? "failed" : "succeeded",
        detail: { filter, rows: written, ...(stopped ? { stopped } : {}) },
      }).catch((e: unknown) => log.error({ err: e }, `${action}: the export's closing audit row was not written`));
    }
  })();
}
