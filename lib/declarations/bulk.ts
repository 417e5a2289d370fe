import "server-only";
import { db } from "@/lib/platform/db";
import { DomainError, Invalid } from "@/lib/platform/errors";
import { notify, customsBulkFinished } from "@/lib/notifications";
import { log } from "@/lib/platform/log";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { fingerprint } from "@/lib/platform/idempotency/fingerprint";
import type { AlreadyDeclared, BulkOutcome, BulkOutcomeRow } from "./bulk-columns";
import { checkBulk } from "./bulk-check";
import { createDeclaration } from "./create";

type Defaults = { merchantCustomsCode: string; merchantCustomsName: string };

/** The preview: every problem of every row; nothing is sent. */
export const previewBulk = (csv: string, defaults: Defaults) =>
  checkBulk(csv, defaults).then(({ orders: _, ...preview }) => preview);

/** All or nothing: one problem anywhere and nothing is sent. */
export async function bulkDeclare(csv: string, defaults: Defaults, actor: Actor): Promise<BulkOutcome> {
  const { orders, ...preview } = await checkBulk(csv, defaults);
  if (preview.problems) {
    await audit({
      actor,
      action: "customs.bulk",
      result: "invalid",
      detail: { rows: preview.rows.length, problems: preview.problems },
    });
    throw new Invalid(
      `${preview.problems === 1 ? "One problem" : `${preview.problems} problems`} in the file; nothing was sent.`,
      "bulk_invalid",
      { preview },
    );
  }
  const report: BulkOutcomeRow[] = [];
  for (const order of orders) {
    const each = (row: Omit<BulkOutcomeRow, "line" | "reference">) =>
      report.push(...order.lines.map((line) => ({ line, reference: order.reference, ...row })));
    try {
      const key = `bulk:${fingerprint("customs.bulk", order.input)}`;
      const { declaration, replayed } = await createDeclaration(order.input, key, actor, "bulk");
      each({ ok: true, problems: [], declarationId: declaration.id, ...(replayed ? { replayed } : {}) });
    } catch (error) {
      if (!(error instanceof DomainError)) log.error({ err: error }, "bulk declaration failed");
      const declared = error instanceof DomainError && error.rule === "already_declared" ? error.details : undefined;
      each({
        ok: false,
        ...(declared ? { declared: declared as AlreadyDeclared } : {}),
        problems: [
          error instanceof DomainError
            ? error.message
            : "Not declared: something went wrong on our side. It has been logged.",
        ],
      });
    }
  }
  report.sort((a, b) => a.line - b.line);
  const outcome = {
    rows: report,
    sent: new Set(report.filter((r) => r.ok && !r.replayed).map((r) => r.declarationId)).size,
    refused: report.filter((r) => !r.ok).length,
  };
  await db.$transaction(async (tx) => {
    await audit(
      {
        actor,
        action: "customs.bulk",
        result: "ok",
        detail: { rows: report.length, sent: report.filter((r) => r.ok).length },
      },
      tx,
    );
    await notify(
      tx,
      customsBulkFinished(actor.user.id, { rows: report.length, created: outcome.sent, failed: outcome.refused }),
    );
  });
  return outcome;
}
