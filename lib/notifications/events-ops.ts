import type { NotificationEvent } from "./outbox";

const chargebackLink = (id: string) => `/chargebacks/${encodeURIComponent(id)}`;
type Chargeback = { id: string; amount: bigint; currency: string; reference: string | null };

/** A chargeback opened, or its status moved forward: every manager and the case's owner. */
export const chargebackChanged = (
  c: Chargeback,
  status: string,
  opened: boolean,
  ownerId: string | null,
): NotificationEvent => ({
  kind: opened ? "chargebackOpened" : "chargebackMoved",
  params: { chargeback: c.id, amountMinor: Number(c.amount), currency: c.currency, status },
  link: chargebackLink(c.id),
  to: { users: ownerId ? [ownerId] : [], permission: "chargebacks.manage" },
  onceKey: `chargeback-status:${c.id}:${status}`,
});

/** A verified chargeback names no charge the console knows: every manager, to tie it. */
export const chargebackUntied = (c: Chargeback): NotificationEvent => ({
  kind: "chargebackUntied",
  params: { chargeback: c.id, amountMinor: Number(c.amount), currency: c.currency, reference: c.reference ?? "" },
  link: chargebackLink(c.id),
  to: { permission: "chargebacks.manage" },
  onceKey: `chargeback-untied:${c.id}`,
});

/** Tied by hand to one charge, listed by the provider under another: every manager, to move it. */
export const chargebackConflict = (c: Chargeback, tiedTo: string, listedUnder: string): NotificationEvent => ({
  kind: "chargebackConflict",
  params: { chargeback: c.id, amountMinor: Number(c.amount), currency: c.currency, tiedTo, listedUnder },
  link: chargebackLink(c.id),
  to: { permission: "chargebacks.manage" },
  onceKey: `chargeback-conflict:${c.id}:${listedUnder}`,
});

/** Customs refused a sub-order we submitted: ops (whoever may declare). */
export const customsRejected = (
  d: { id: string; reference: string },
  s: { id: string; subOrderNo: string },
  customsStatus: string,
): NotificationEvent => ({
  kind: "customsRejected",
  params: { reference: d.reference, subOrder: s.subOrderNo, customsStatus },
  link: `/customs/${encodeURIComponent(d.id)}`,
  to: { permission: "customs.declare" },
  onceKey: `customs-rejected:${s.id}:${customsStatus}`,
});

/** A bulk customs file was processed: the person who uploaded it. */
export const customsBulkFinished = (
  uploaderId: string,
  counts: { rows: number; created: number; failed: number },
): NotificationEvent => ({
  kind: "customsBulkFinished",
  params: counts,
  link: "/customs",
  to: { users: [uploaderId] },
});

/** An operation's outcome is still unknown ten minutes on: finance and its requester. Once per operation. */
export const operationUnknown = (op: {
  id: string;
  kind: string;
  reference: string;
  amount: bigint;
  currency: string;
  transactionId: string;
  requestedById: string | null;
}): NotificationEvent => ({
  kind: "operationUnknown",
  params: {
    operation: op.kind,
    reference: op.reference,
    amountMinor: Number(op.amount),
    currency: op.currency,
    charge: op.transactionId,
  },
  link: `/transactions/${encodeURIComponent(op.transactionId)}`,
  to: { permission: "money.move", users: op.requestedById ? [op.requestedById] : [] },
  onceKey: `operation-unknown:${op.id}`,
});

/** A payment link was paid, or expired unpaid: its creator. Once per link and outcome. */
export const paymentLinkEnded = (
  link: { id: string; reference: string; amountMinor: number; currency: string; createdById: string },
  outcome: "paid" | "expired",
  charge?: string,
): NotificationEvent => ({
  kind: outcome === "paid" ? "paymentLinkPaid" : "paymentLinkExpired",
  params: {
    reference: link.reference,
    amountMinor: link.amountMinor,
    currency: link.currency,
    ...(charge ? { charge } : {}),
  },
  link: `/payment-links?q=${encodeURIComponent(link.reference)}`,
  to: { users: [link.createdById] },
  onceKey: `payment-link:${link.id}:${outcome}`,
});
