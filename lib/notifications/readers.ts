import { can, type Permission, type Grants } from "@/lib/platform/auth/permissions";
import { NOTIFICATION_KINDS, type NotificationKind } from "./kinds";

// What a reader must be allowed to see to read a notice of each kind.
export const KIND_PERMISSION: Record<NotificationKind, Permission | null> = {
  refundAwaitingApproval: "refunds.approve",
  refundApproved: "transactions.read",
  refundRejected: "transactions.read",
  changeAwaiting: "users.manage",
  changeApproved: "users.manage",
  changeRejected: "users.manage",
  changeWithdrawn: "users.manage",
  changeExpired: "users.manage",
  chargebackDueSoon: "chargebacks.read",
  chargebackOverdue: "chargebacks.read",
  roleChanged: null,
  reconciliationExceptions: "reconciliation.read",
  chargebackOpened: "chargebacks.read",
  chargebackMoved: "chargebacks.read",
  chargebackUntied: "chargebacks.read",
  chargebackConflict: "chargebacks.read",
  customsRejected: "customs.read",
  customsBulkFinished: "customs.read",
  operationUnknown: "transactions.read",
  paymentLinkPaid: "charges.create",
  paymentLinkExpired: "charges.create",
  webhooksFailing: "webhooks.read",
  credentialsExpiring: "settings.manage",
  signInNewAddress: null,
  mfaReset: null,
};

/** Whether a person of this role may read a notice of this kind now (an unknown kind: no). */
export function mayRead(who: Grants, kind: string): boolean {
  if (!(kind in KIND_PERMISSION)) return false;
  const permission = KIND_PERMISSION[kind as NotificationKind];
  return permission === null || can(who, permission);
}

/** The kinds this role may not read: left out of its bell, its count, its e-mail and digests. */
export const hiddenKinds = (who: Grants): string[] => NOTIFICATION_KINDS.filter((k) => !mayRead(who, k));
