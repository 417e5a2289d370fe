import "server-only";
import type { Actor, StaffUser } from "@/lib/platform/auth/actor";
import type { CurrentUser } from "@/lib/platform/auth/session";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit } from "./log";
import { log } from "@/lib/platform/log";
import { csvDownload, inBatches, ROWS_WRITTEN, stampedCsvName, withLocalTimes } from "@/lib/platform/api/csv";
import { preferencesOf } from "@/lib/platform/i18n/server";

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

/** A CSV export streamed and audited, each of `times` with the exporter's local time beside it. */
export async function exportCsv(
  actor: Actor<StaffUser & Pick<CurrentUser, "locale" | "timeZone">>,
  spec: {
    action: string;
    filter: Prisma.InputJsonValue;
    name: string;
    columns: readonly string[];
    times: readonly string[];
    rows: (timeZone: string) => AsyncIterable<unknown[]>;
  },
): Promise<Response> {
  const { timeZone } = await preferencesOf(actor.user);
  const local = withLocalTimes(spec.columns, spec.times, timeZone);
  const rows = (async function* () {
    for await (const row of spec.rows(timeZone)) yield local.row(row);
  })();
  return csvDownload(
    await auditedExport(actor, spec.action, spec.filter, inBatches(rows)),
    local.columns,
    stampedCsvName(spec.name, timeZone),
  );
}
