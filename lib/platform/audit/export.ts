import "server-only";
import type { Actor, StaffUser } from "@/lib/platform/auth/actor";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit } from "./log";
import { log } from "@/lib/platform/log";
import { ROWS_WRITTEN } from "@/lib/platform/api/csv";

/** Why an export's file stopped short (`detail.stopped` of its closing row; the audit page words them). */
export const EXPORT_STOPPED = { cancelled: "cancelled", readFailed: "read failed" } as const;
type Stopped = (typeof EXPORT_STOPPED)[keyof typeof EXPORT_STOPPED];

/**
 * Audited twice, so the trail says what left the console: before the first row is read (a
 * download cut short is still on record) and at the end with the rows written. Written by csvDownload, that is
 * the rows in the chunks that went into the response (it tells us, ROWS_WRITTEN), not the rows
 * read ahead of it; read any other way, the rows handed over.
 */
export async function auditedExport<T>(
  actor: Actor<StaffUser>,
  action: string,
  filter: Prisma.InputJsonValue,
  batches: AsyncIterable<T[]>,
): Promise<AsyncIterable<T[]> & { [ROWS_WRITTEN]: (count: number) => void }> {
  let inFile: number | null = null;
  const counted = (async function* () {
    // At the first read, not before: a HEAD request (a link checker, a prefetch) builds the
    // download and never reads it, and is neither a download nor on record. Still before any row.
    await audit({ actor, action, result: "ok", detail: { filter } });
    let written = 0;
    let stopped: Stopped | null = EXPORT_STOPPED.cancelled;
    const source = batches[Symbol.asyncIterator]();
    try {
      for (;;) {
        let next: IteratorResult<T[]>;
        try {
          next = await source.next();
        } catch (e) {
          // The reason stays in the log line (lib/platform/api/csv.ts); the audit trail says what happened.
          stopped = EXPORT_STOPPED.readFailed;
          throw e;
        }
        if (next.done) break;
        written += next.value.length;
        // A person who cancels the download is an error thrown here, at the yield (the stream
        // is destroyed): that is "cancelled", not a failed read.
        yield next.value;
      }
      stopped = null;
    } finally {
      // Cut short by the reader: the source is closed too (its database batches stop).
      if (stopped === EXPORT_STOPPED.cancelled) await source.return?.().catch(() => undefined);
      await audit({
        actor,
        action,
        result: stopped ? "failed" : "succeeded",
        // A whole file holds every row handed over; one cut short, what its writer says went out.
        detail: { filter, rows: stopped ? (inFile ?? written) : written, ...(stopped ? { stopped } : {}) },
      }).catch((e: unknown) => log.error({ err: e }, `${action}: the export's closing audit row was not written`));
    }
  })();
  return Object.assign(counted, {
    [ROWS_WRITTEN]: (count: number) => {
      inFile = count;
    },
  });
}
