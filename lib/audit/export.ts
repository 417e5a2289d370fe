import "server-only";
import type { Actor, StaffUser } from "@/lib/auth/actor";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit } from "./log";
import { log } from "@/lib/log";

/**
 * An export in the audit log, twice. Before the first row leaves: who, and which filter — a
 * download cut short is still on record (result "ok"). When the file ends: how many rows it
 * got, "succeeded" when it is whole, "failed" with the rows written so far when a read failed
 * or the person cancelled. One row only, at the start, said nothing of what left the console.
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
    try {
      for await (const row of rows) {
        written++;
        yield row;
      }
      stopped = null;
    } catch (e) {
      // The reason stays in the log line (lib/api/csv.ts); the audit trail says what happened.
      stopped = "read failed";
      throw e;
    } finally {
      await audit({
        actor,
        action,
        result: stopped ? "failed" : "succeeded",
        detail: { filter, rows: written, ...(stopped ? { stopped } : {}) },
      }).catch((e: unknown) => log.error({ err: e }, `${action}: the export's closing audit row was not written`));
    }
  })();
}
