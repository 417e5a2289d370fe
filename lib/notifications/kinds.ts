// The events a person can be told of (issue 35), each a key of the notifications catalog
// (notifications.events.<kind>.subject / .body). Client-safe: the list page names them too.

export const NOTIFICATION_KINDS = [
  "refundAwaitingApproval",
  "refundApproved",
  "refundRejected",
  "changeAwaiting",
  "changeApproved",
  "changeRejected",
  "changeWithdrawn",
  "changeExpired",
  "chargebackDueSoon",
  "chargebackOverdue",
  "roleChanged",
  "reconciliationExceptions",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** Security notices: always e-mailed, whatever the person chose (issue 35). */
export const ALWAYS_EMAIL: readonly NotificationKind[] = ["roleChanged"];
