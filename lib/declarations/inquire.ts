import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict, DomainError, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { getCustoms, CustomsError, type DeclareRequest, type InquireProblem } from "@/lib/customs";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notify, customsRejected } from "@/lib/notifications";
import { nextCheckAt } from "./backoff";
import { isRejected } from "./constants";
import { getDeclaration, type Declaration, type SubOrder } from "./view";

type Tx = Pick<typeof db, "customsSubOrder">;

/** Customs needs a moment to show a late submission. */
export const SETTLE_AFTER_MS = 60_000;
export const tooEarly = (s: SubOrder) => s.state === "unknown" && Date.now() - s.updatedAt.getTime() < SETTLE_AFTER_MS;
export const stillChecked = (s: SubOrder) =>
  new Conflict(
    `Sub-order ${s.subOrderNo} is still being checked: Customs may need a minute to show it. Try again in a minute.`,
    "still_settling",
  );
export const movedMeanwhile = (s: SubOrder) =>
  new Conflict(
    `Sub-order ${s.subOrderNo} changed meanwhile (someone else or the console is handling it). Reload the declaration and look again.`,
    "changed_meanwhile",
  );

/** Settling is conditional on the state and time read. */
export async function inquireSubOrder(d: Declaration, s: SubOrder): Promise<string> {
  const settle = async (data: Prisma.CustomsSubOrderUpdateManyMutationInput, tx: Tx = db) => {
    const { count } = await tx.customsSubOrder.updateMany({
      where: { id: s.id, state: s.state, updatedAt: s.updatedAt },
      data,
    });
    if (count === 0) throw movedMeanwhile(s);
  };
  try {
    const r = await (await getCustoms()).inquireDeclaration({
      vendor: d.vendor as DeclareRequest["vendor"],
      payment_type: d.paymentType as DeclareRequest["payment_type"],
      reference: d.reference,
      customs_location: d.customsLocation,
      ...(d.isSplit ? { is_split: "T" as const, sub_order_no: s.subOrderNo } : {}),
    });
    const settles = s.state === "unknown" && r.result === "success";
    const live = settles || s.state === "submitted";
    const data = {
      customsStatus: r.customsStatus,
      timeModified: r.timeModified,
      checkedAt: new Date(),
      checks: { increment: 1 },
      nextCheckAt: live ? nextCheckAt(s.checks + 1, r.customsStatus) : null,
      ...(r.declareNumber ? { declareNumber: r.declareNumber } : {}),
      ...(r.errorDetail ? { errorDetail: r.errorDetail } : {}),
    };
    const refused =
      !isRejected(s) && isRejected({ state: settles ? "submitted" : s.state, customsStatus: r.customsStatus });
    await db.$transaction(async (tx) => {
      if (settles)
        await settle({ ...data, state: "submitted", errorCode: null, submittedAt: s.submittedAt ?? new Date() }, tx);
      else await tx.customsSubOrder.update({ where: { id: s.id }, data });
      if (refused) await notify(tx, customsRejected(d, s, r.customsStatus ?? ""));
    });
    if (settles && s.correctsId)
      await db.customsSubOrder.update({ where: { id: s.correctsId }, data: { state: "corrected", nextCheckAt: null } });
    return settles ? "submitted" : s.state;
  } catch (error) {
    if (error instanceof CustomsError && error.code === "B2" && s.state === "unknown") {
      if (tooEarly(s)) throw stillChecked(s);
      await settle({
        state: "failed",
        errorCode: "B2",
        errorDetail: "Customs has no record of it: it was not submitted. Resubmit it.",
        checkedAt: new Date(),
      });
      return "failed";
    }
    throw error;
  }
}

/** Asks Customs for the status of every live sub-order, settling the unknown ones. */
export async function inquireDeclaration(id: string, actor: Actor) {
  const d = await db.customsDeclaration.findUnique({ where: { id }, include: { subOrders: true } });
  if (!d) throw new NotFound("No declaration with this id.");
  const errors: string[] = [];
  const problems: InquireProblem[] = [];
  for (const s of d.subOrders.filter(
    (x) => x.state !== "corrected" && x.state !== "pending" && x.state !== "sending",
  )) {
    await inquireSubOrder(d, s).catch((error) => {
      const message =
        error instanceof DomainError
          ? error.message
          : `${s.subOrderNo}: ${error instanceof CustomsError ? error.explanation : "no answer"}`;
      errors.push(message);
      problems.push({
        subOrderNo: s.subOrderNo,
        code: error instanceof DomainError ? (error.rule ?? null) : error instanceof CustomsError ? error.code : null,
        message,
      });
    });
  }
  await audit({
    actor,
    action: "customs.inquire",
    result: errors.length ? "failed" : "ok",
    targetType: "declaration",
    targetId: id,
    reason: errors.join("; ") || undefined,
  });
  return { declaration: await getDeclaration(id), errors, problems };
}
