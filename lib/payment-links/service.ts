import "server-only";
import { addEvent, upsertRow, type EventText, said, consoleEvent, lockKnown, moveForward } from "@/lib/ledger";
import { db, inTransaction } from "@/lib/platform/db";
import { Conflict, OutcomeUnknown } from "@/lib/platform/errors";
import { CustomsError, getCustoms } from "@/lib/customs";
import { getSettings } from "@/lib/platform/settings/service";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { newReference } from "@/lib/reference";
import type { PaymentLink, Prisma } from "@/lib/generated/prisma/client";
import type { CreatePaymentLinkInput, PaymentLinkPage } from "./schemas";
import { keysetOn } from "@/lib/platform/api/keyset";
import { containsText, isUuid } from "@/lib/platform/api/list-params";
import { minorToNumber } from "@/lib/platform/money";
import { type Attempt, once, type Once, recordedOrUnknown } from "@/lib/platform/idempotency/once";

import { expiryFor, queryToken } from "./follow-rules";
import { askedOf, linkRequest, readAsked } from "./request";

export function linkView(l: PaymentLink) {
  return {
    id: l.id,
    kind: l.kind,
    vendor: l.vendor,
    reference: l.reference,
    amount: Number(l.amount),
    currency: l.currency,
    url: l.url,
    asked: readAsked(l.asked),
    transactionId: l.transactionId,
    status: l.status,
    cnyAmount: minorToNumber(l.cnyAmount),
    createdBy: l.createdBy,
    createdAt: l.createdAt.toISOString(),
    completedAt: l.completedAt?.toISOString() ?? null,
    expiresAt: l.expiresAt?.toISOString() ?? null,
    checkedAt: l.checkedAt?.toISOString() ?? null,
  };
}

/** A hosted payment page (/chop/chop). */
export function createPaymentLink(
  input: CreatePaymentLinkInput,
  key: string,
  actor: Actor,
): Promise<Once<ReturnType<typeof linkView>>> {
  return once(
    {
      userId: actor.user.id,
      key,
      action: "payment_link.create",
      params: input,
      reference: input.reference ?? newReference("link"),
    },
    ({ reference, ...attempt }) => sendPaymentLink(input, reference!, attempt, actor),
  );
}

async function sendPaymentLink(
  input: CreatePaymentLinkInput,
  reference: string,
  { retry, known }: Omit<Attempt, "reference">,
  actor: Actor,
) {
  if (!retry && (await db.paymentLink.findUnique({ where: { reference }, select: { id: true } })))
    throw new Conflict(
      `A payment link with reference ${reference} exists already: give the new link its own reference.`,
      "duplicate_link_reference",
    );
  const [customs, settings] = await Promise.all([getCustoms(), getSettings()]);
  const ipn = settings.publicUrl ? `${settings.publicUrl.replace(/\/+$/, "")}/api/webhooks/upi` : undefined;
  const request = linkRequest(input, reference, ipn);
  let res: Awaited<ReturnType<typeof customs.chop>>;
  try {
    res = known?.url
      ? ({ ...(known.id ? { id: known.id } : {}), url: known.url } as typeof res)
      : request.kind === "hosted"
        ? await customs.chop(request.params)
        : request.kind === "qr"
          ? await customs.payQr(request.params)
          : await customs.pay(request.params);
  } catch (error) {
    const unknown = error instanceof CustomsError && (error.outcome === "unknown" || (retry && error.code === "B2"));
    if (!unknown) throw error;
    throw new OutcomeUnknown(
      `Outcome unknown: the service did not answer clearly, so the payment link ${reference} may or may not exist. Send the same request again, or look for it under Transactions before making a new one.`,
      undefined,
      { upstreamCode: (error as CustomsError).code, reference },
    );
  }
  // From here the service has the link: a failure of ours leaves the outcome unknown.
  const answer = { url: res.url, ...(res.id ? { id: res.id } : {}) };
  return recordedOrUnknown({ what: "the payment link", reference, known: answer }, async () => {
    const kept = known ? await db.paymentLink.findUnique({ where: { reference } }) : null;
    if (kept) return linkView(kept);
    const now = new Date();
    const link = await db.paymentLink.create({
      data: {
        kind: input.kind,
        vendor: input.vendor,
        reference,
        amount: BigInt(input.amount),
        currency: input.currency,
        url: res.url,
        query: input.kind === "hosted" ? queryToken(res.url) : null,
        transactionId: input.kind === "hosted" ? null : (res.id ?? null),
        asked: askedOf(input),
        status: "initiated",
        createdBy: actor.user.email,
        createdAt: now,
        expiresAt: expiryFor(now),
      },
    });
    if (link.transactionId) await recordLedger(link, actor.user.email, said("linkCreated"));
    await audit({
      actor,
      action: "payment_link.create",
      result: "ok",
      targetType: "payment_link",
      targetId: link.id,
      amount: input.amount,
      currency: input.currency,
      detail: { reference, kind: input.kind, vendor: input.vendor, ...askedOf(input) },
    });
    return linkView(link);
  });
}

export async function recordLedger(l: PaymentLink, actorEmail: string | null, summary: EventText) {
  const row = {
    type: "charge" as const,
    reference: l.reference,
    method: l.vendor,
    paymentType: l.vendor,
    status: l.status,
    amount: l.amount,
    currency: l.currency,
    amountCaptured: l.status === "succeeded" ? l.amount : null,
    cnyAmount: l.cnyAmount,
    timeCreated: l.createdAt,
    timeCaptured: l.completedAt,
    autoCapture: true,
    payload: { payment_link: linkView(l) } as never,
    source: "console",
  };
  await inTransaction(async (tx) => {
    const known = await lockKnown(tx, l.transactionId!);
    const moved = moveForward(known, { status: row.status, captured: row.amountCaptured }, false);
    const held = moved.status !== row.status;
    const forward = {
      ...row,
      status: moved.status,
      amountCaptured: moved.captured,
      ...(held ? { timeCaptured: undefined } : {}),
    };
    await upsertRow(tx, l.transactionId!, forward);
    await addEvent(tx, consoleEvent(l.transactionId!, summary, actorEmail));
  });
}

const paged = keysetOn<PaymentLink, Prisma.PaymentLinkWhereInput, Prisma.PaymentLinkOrderByWithRelationInput>(
  "createdAt",
  "id",
  isUuid,
);

/** One page of payment links, newest first (`cursor` from the previous page's `nextCursor`). */
export async function pagePaymentLinks(f: PaymentLinkPage) {
  const rows = await db.paymentLink.findMany({
    where: {
      AND: [paged.after(f.cursor), f.status ? { status: f.status } : {}, f.q ? { reference: containsText(f.q) } : {}],
    },
    orderBy: paged.orderBy,
    take: f.limit + 1,
  });
  const page = paged.page(rows, f.limit, f.cursor);
  return { links: page.rows.map(linkView), nextCursor: page.nextCursor, older: page.older };
}
