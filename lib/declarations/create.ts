import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict, DomainError, Invalid } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { fingerprint } from "@/lib/platform/idempotency/fingerprint";
import { sameRequest } from "@/lib/platform/idempotency/replay";
import { declarationProblems } from "./rule-words";
import { declaredFor, lockOrder, overBudget } from "./budget";
import type { DeclarationInput } from "./schemas";
import { declarationView, type Declaration, type DeclarationView } from "./view";
import { parentOf } from "./parent";
import { maskId, sealId } from "./id-number";
import { refusalResult } from "./refusal";
import { queueDeclaration } from "./send";
import type { AlreadyDeclared } from "./bulk-columns";
import type { Prisma } from "@/lib/generated/prisma/client";

export type CreateResult = { declaration: DeclarationView; replayed: boolean };

export async function declaredBefore(
  client: Pick<Prisma.TransactionClient, "customsDeclaration">,
  reference: string,
  vendor: string,
): Promise<AlreadyDeclared | null> {
  const d = await client.customsDeclaration.findFirst({
    where: { reference, vendor, subOrders: { some: { state: { notIn: ["failed", "corrected"] } } } },
    select: { id: true, createdBy: true, createdAt: true },
    orderBy: { createdAt: "desc" },
  });
  return d && { declarationId: d.id, by: d.createdBy, at: d.createdAt.toISOString() };
}

async function replay(key: string, hash: string, actor: Actor): Promise<CreateResult | null> {
  const earlier = await db.customsDeclaration.findUnique({
    where: { createdById_idempotencyKey: { createdById: actor.user.id, idempotencyKey: key } },
    include: { subOrders: true },
  });
  if (!earlier) return null;
  sameRequest(earlier.requestHash, hash);
  return { declaration: declarationView(earlier), replayed: true };
}

/** Checks every vendor rule, then commits the declaration and its sub-orders and queues the calls. */
export async function createDeclaration(
  input: DeclarationInput,
  key: string,
  actor: Actor,
  source: "form" | "bulk" = "form",
): Promise<CreateResult> {
  const hash = fingerprint("customs.declare", input);
  const earlier = await replay(key, hash, actor);
  if (earlier) return earlier;
  const { row, parent } = await parentOf(input);
  const reference = row?.reference ?? input.reference!;
  const problems = declarationProblems({ ...input, upop: input.upop ?? null }, parent);
  if (!row && input.transactionId) problems.unshift("This transaction is not in the ledger.");
  if (problems.length) {
    await audit({
      actor,
      action: "customs.declare",
      result: "invalid",
      targetType: "transaction",
      targetId: row?.id ?? reference,
      reason: problems.join(" "),
    });
    throw new Invalid(problems[0]!, undefined, { problems });
  }
  let created: Declaration;
  try {
    created = await db.$transaction(async (tx) => {
      await lockOrder(tx, reference);
      const declared = await declaredBefore(tx, reference, input.vendor);
      if (declared) {
        throw new Conflict(
          `Order ${reference} is already declared to Customs for ${input.vendor} (by ${declared.by} on ${declared.at.slice(0, 10)} UTC). To change it, open that declaration and correct or resubmit its sub-orders; a second declaration is refused.`,
          "already_declared",
          { ...declared },
        );
      }
      const adding = input.isSplit ? input.subOrders.reduce((sum, s) => sum + s.orderFee, 0) : (parent.cnyFen ?? 0);
      const over = overBudget(reference, parent.cnyFen, await declaredFor(tx, reference), adding);
      if (over) throw new Invalid(over, "exceeds_cny_amount", { problems: [over] });
      const d = await tx.customsDeclaration.create({
        data: {
          idempotencyKey: key,
          requestHash: hash,
          createdById: actor.user.id,
          transactionId: row?.id ?? null,
          reference,
          vendor: input.vendor,
          paymentType: input.paymentType,
          merchantCustomsCode: input.merchantCustomsCode,
          merchantCustomsName: input.merchantCustomsName,
          customsLocation: input.customsLocation,
          duty: input.duty === undefined ? null : BigInt(input.duty),
          isSplit: input.isSplit,
          buyerName: input.upop?.buyerName ?? null,
          idNumberMasked: input.upop ? maskId(input.upop.idNumber) : null,
          idType: input.upop?.idType ?? null,
          businessType: input.upop?.businessType ?? null,
          parentAmount: parent.amount === null ? null : BigInt(parent.amount),
          parentCurrency: parent.currency,
          parentCnyFen: parent.cnyFen === null ? null : BigInt(parent.cnyFen),
          source,
          createdBy: actor.user.email,
        },
      });
      if (input.upop)
        await tx.customsDeclaration.update({
          where: { id: d.id },
          data: { idNumberSealed: sealId(d.id, input.upop.idNumber) },
        });
      const subs = input.isSplit
        ? input.subOrders
        : [{ subOrderNo: reference, orderFee: undefined, transportFee: undefined, productFee: undefined }];
      for (const s of subs) {
        await tx.customsSubOrder.create({
          data: {
            declarationId: d.id,
            subOrderNo: s.subOrderNo,
            state: "pending",
            orderFee: s.orderFee === undefined ? null : BigInt(s.orderFee),
            transportFee: s.transportFee === undefined ? null : BigInt(s.transportFee),
            productFee: s.productFee === undefined ? null : BigInt(s.productFee),
          },
        });
      }
      return tx.customsDeclaration.findUniqueOrThrow({ where: { id: d.id }, include: { subOrders: true } });
    });
  } catch (error) {
    const twin = await replay(key, hash, actor);
    if (twin) return twin;
    if (error instanceof DomainError) {
      await audit({
        actor,
        action: "customs.declare",
        result: refusalResult(error),
        targetType: "transaction",
        targetId: row?.id ?? reference,
        reason: error.message,
      });
    }
    throw error;
  }
  await audit({
    actor,
    action: "customs.declare",
    result: "ok",
    targetType: "transaction",
    targetId: row?.id ?? reference,
    detail: { declarationId: created.id, vendor: input.vendor, subOrders: created.subOrders.length },
  });
  await queueDeclaration(created.id);
  return { declaration: declarationView(created), replayed: false };
}
