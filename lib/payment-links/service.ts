import "server-only";
import { db } from "@/lib/platform/db";
import { OutcomeUnknown } from "@/lib/platform/errors";
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
import { once, type Once } from "@/lib/platform/idempotency/once";
import { lockKnown } from "@/lib/ledger/record";
import { moveForward } from "@/lib/ledger/forward";

import { expiryFor, queryToken } from "./follow-rules";

export function linkView(l: PaymentLink) {
  return {
    id: l.id,
    kind: l.kind,
    vendor: l.vendor,
    reference: l.reference,
    amount: Number(l.amount),
    currency: l.currency,
    url: l.url,
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

/**
 * A hosted payment page (/chop/chop) or a QR payment (/payment/pay_qr), asking for
 * amount_CNY; once per Idempotency-Key. A retry after an unknown outcome sends the first
 * attempt's reference, which the service refuses if that attempt landed.
 */
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
    ({ reference, retry }) => sendPaymentLink(input, reference!, retry, actor),
  );
}

async function sendPaymentLink(input: CreatePaymentLinkInput, reference: string, retry: boolean, actor: Actor) {
  const [customs, settings] = await Promise.all([getCustoms(), getSettings()]);
  const ipn = settings.publicUrl ? `${settings.publicUrl.replace(/\/+$/, "")}/api/webhooks/upi` : undefined;
  const amountCny = input.vendor === "upop" ? undefined : ("yes" as const); // not offered for upop
  const common = { amount: input.amount, currency: input.currency, reference, ipn_url: ipn, amount_CNY: amountCny };
  let res: Awaited<ReturnType<typeof customs.chop>>;
  try {
    res =
      input.kind === "hosted"
        ? await customs.chop({ ...common, payment_method: input.vendor })
        : await customs.payQr({ ...common, vendor: input.vendor });
  } catch (error) {
    const unknown = error instanceof CustomsError && (error.outcome === "unknown" || (retry && error.code === "B2"));
    if (!unknown) throw error;
    // B2 on a retry is our own reference, already used: the first attempt may have made the link.
    throw new OutcomeUnknown(
      `Outcome unknown: the service did not answer clearly, so the payment link ${reference} may or may not exist. Send the same request again, or look for it under Transactions before making a new one.`,
      undefined,
      { upstreamCode: (error as CustomsError).code, reference },
    );
  }
  // The spec's chop answer is {result, url}: the query token rides in the landing URL. pay_qr gives the id.
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
      transactionId: input.kind === "qr" ? (res.id ?? null) : null,
      status: "initiated",
      createdBy: actor.user.email,
      createdAt: now,
      expiresAt: expiryFor(now),
    },
  });
  if (link.transactionId) await recordLedger(link, actor.user.email, "Payment link created");
  await audit({
    actor,
    action: "payment_link.create",
    result: "ok",
    targetType: "payment_link",
    targetId: link.id,
    amount: input.amount,
    currency: input.currency,
    detail: { reference, kind: input.kind, vendor: input.vendor },
  });
  return linkView(link);
}

export async function recordLedger(l: PaymentLink, actorEmail: string | null, summary: string) {
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
  await db.$transaction(async (tx) => {
    // A notification may have moved the charge further than the link knows: forward only.
    const known = await lockKnown(tx, l.transactionId!);
    const moved = moveForward(known, { status: row.status, captured: row.amountCaptured }, false);
    const held = moved.status !== row.status;
    const forward = {
      ...row,
      status: moved.status,
      amountCaptured: moved.captured,
      ...(held ? { timeCaptured: undefined } : {}),
    };
    await tx.ledgerTransaction.upsert({
      where: { id: l.transactionId! },
      create: { id: l.transactionId!, ...forward },
      update: forward,
    });
    await tx.ledgerEvent.create({ data: { transactionId: l.transactionId!, kind: "console", summary, actorEmail } });
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
