import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { csvDownload, inBatches, stampedCsvName, withLocalTimes } from "@/lib/platform/api/csv";
import { auditedExport } from "@/lib/platform/audit/export";
import type { Actor, StaffUser } from "@/lib/platform/auth/actor";
import type { CurrentUser } from "@/lib/platform/auth/session";
import { preferencesOf } from "@/lib/platform/i18n/server";

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
