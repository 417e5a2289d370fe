import "server-only";
import type { Actor, StaffUser } from "@/lib/platform/auth/actor";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit } from "./log";
import { log } from "@/lib/platform/log";
import { ROWS_WRITTEN } from "@/lib/platform/api/csv";

/** Why an export's file stopped short (`detail.stopped` of its closing row; the audit page words them). */
export const EXPORT_STOPPED = { cancelled: "cancelled", readFailed: "read failed" } as const;
type Stopped = (typeof EXPORT_STOPPED)[keyof typeof EXPORT_STOPPED];

/** Audited twice: before the first row is read and at the end with the rows that went into the response. */
export async function auditedExport<T>(
  actor: Actor<StaffUser>,
  action: string,
  filter: Prisma.InputJsonValue,
  batches: AsyncIterable<T[]>,
): Promise<AsyncIterable<T[]> & { [ROWS_WRITTEN]: (count: number) => void }> {
  let inFile: number | null = null;
  const counted = (async function* () {
    // At the first read, not before: a HEAD builds the download and never reads it, and is no download.
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
          stopped = EXPORT_STOPPED.readFailed;
          throw e;
        }
        if (next.done) break;
        written += next.value.length;
        yield next.value;
      }
      stopped = null;
    } finally {
      if (stopped === EXPORT_STOPPED.cancelled) await source.return?.().catch(() => undefined);
      await audit({
        actor,
        action,
        result: stopped ? "failed" : "succeeded",
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
