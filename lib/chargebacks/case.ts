import "server-only";
import { db } from "@/lib/platform/db";
import { NotFound } from "@/lib/platform/errors";
import { getSettings } from "@/lib/platform/settings/service";
import { chargebackView } from "./query";

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

function customerOf(charge: {
  consumerReference: string | null;
  customerEmail: string | null;
  customerName: string | null;
  payload: unknown;
}) {
  const consumer = obj(obj(charge.payload).consumer);
  const name = [text(consumer.first_name), text(consumer.last_name)].filter(Boolean).join(" ") || null;
  return {
    reference: charge.consumerReference ?? text(consumer.reference),
    email: charge.customerEmail ?? text(consumer.email),
    name: charge.customerName ?? name,
  };
}

function shippingOf(
  captures: { payload: unknown }[],
  ops: { shippingVendor: string | null; shippingTracking: string | null }[],
) {
  const seen = new Map<string, { vendor: string | null; tracking: string | null }>();
  const add = (vendor: string | null, tracking: string | null) => {
    if (vendor || tracking) seen.set(`${vendor}|${tracking}`, { vendor, tracking });
  };
  for (const o of ops) add(o.shippingVendor, o.shippingTracking);
  for (const c of captures) {
    const s = obj(obj(c.payload).shipping);
    add(text(s.vendor), text(s.tracking));
  }
  return [...seen.values()];
}

/** Whether this chargeback is recorded (its case page's layout answers 404 otherwise). */
/** A case note as the case lists it and as adding or editing one answers. */
export const noteView = (n: {
  id: bigint;
  body: string;
  authorEmail: string;
  authorId: string;
  createdAt: Date;
  editedAt: Date | null;
}) => ({
  id: String(n.id),
  body: n.body,
  by: n.authorEmail,
  authorId: n.authorId,
  at: n.createdAt.toISOString(),
  editedAt: n.editedAt?.toISOString() ?? null,
});

export const chargebackExists = async (id: string) => (await db.chargeback.count({ where: { id } })) > 0;

/** Everything about one case: the chargeback, its charge, refunds, notifications, notes and files. */
export async function getChargebackCaseOrThrow(id: string) {
  const c = await db.chargeback.findUnique({
    where: { id },
    include: {
      history: true,
      owner: { select: { id: true, name: true, email: true } },
      notes: { orderBy: { createdAt: "asc" } },
      files: { omit: { data: true }, orderBy: { createdAt: "asc" } },
    },
  });
  if (!c) throw new NotFound("No such chargeback.");
  const [settings, charge, children, ops, notifications] = await Promise.all([
    getSettings(),
    c.chargeId ? db.ledgerTransaction.findUnique({ where: { id: c.chargeId } }) : null,
    c.chargeId
      ? db.ledgerTransaction.findMany({
          where: { parentId: c.chargeId },
          orderBy: [{ timeCreated: "asc" }, { id: "asc" }],
        })
      : [],
    c.chargeId
      ? db.operation.findMany({
          where: { transactionId: c.chargeId, kind: "capture", status: "succeeded" },
          select: { shippingVendor: true, shippingTracking: true },
        })
      : [],
    db.webhookNotification.findMany({
      where: { transactionId: c.id },
      orderBy: { receivedAt: "asc" },
      select: { id: true, receivedAt: true, status: true, verification: true, applyState: true, eventTime: true },
      take: 100,
    }),
  ]);
  const captures = children.filter((t) => t.type === "capture");
  const refunds = children.filter((t) => t.type === "refund");
  const refunded = refunds.filter((r) => r.status === "succeeded" || r.status === "success");
  return {
    ...chargebackView(c, settings.chargebackResponseDays),
    amountAtRisk: c.outcome || c.status === "Case Closed" ? 0 : Number(c.amount),
    charge: charge && {
      id: charge.id,
      reference: charge.reference,
      status: charge.status,
      amount: Number(charge.amount),
      amountCaptured: charge.amountCaptured === null ? null : Number(charge.amountCaptured),
      amountRefunded: charge.amountRefunded === null ? null : Number(charge.amountRefunded),
      currency: charge.currency,
      method: charge.method,
      paymentType: charge.paymentType,
      panMasked: charge.panMasked,
      country: charge.country,
      timeCreated: charge.timeCreated.toISOString(),
      customer: customerOf(charge),
    },
    shipping: shippingOf(captures, ops),
    refunds: refunds.map((r) => ({
      id: r.id,
      reference: r.reference,
      status: r.status,
      amount: Number(r.amountRefunded ?? r.amount),
      currency: r.currency,
      at: r.timeCreated.toISOString(),
    })),
    refundedTotal: refunded.reduce((sum, r) => sum + Number(r.amountRefunded ?? r.amount), 0),
    notifications: notifications.map((n) => ({
      id: String(n.id),
      receivedAt: n.receivedAt.toISOString(),
      eventTime: n.eventTime?.toISOString() ?? null,
      status: n.status,
      verification: n.verification,
      applyState: n.applyState,
    })),
    notes: c.notes.map(noteView),
    files: c.files.map((f) => ({
      id: f.id,
      name: f.name,
      contentType: f.contentType,
      size: f.size,
      sha256: f.sha256,
      by: f.uploadedBy,
      at: f.createdAt.toISOString(),
    })),
  };
}
export type ChargebackCase = Awaited<ReturnType<typeof getChargebackCaseOrThrow>>;
