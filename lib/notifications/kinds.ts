// The events a person can be told of (issue 35).

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
  "chargebackOpened",
  "chargebackMoved",
  "chargebackUntied",
  "chargebackConflict",
  "customsRejected",
  "customsBulkFinished",
  "operationUnknown",
  "paymentLinkPaid",
  "paymentLinkExpired",
  "webhooksFailing",
  "credentialsExpiring",
  "signInNewAddress",
  "mfaReset",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** Security notices: always e-mailed, whatever the person chose (issue 35). */
export const ALWAYS_EMAIL: readonly NotificationKind[] = ["roleChanged", "signInNewAddress", "mfaReset"];

/** Team chat channels (issue 35): one incoming-webhook URL per role. */
export const CHAT_TEAMS = ["manager", "finance", "ops", "admin"] as const;
export type ChatTeam = (typeof CHAT_TEAMS)[number];

/** The formats a channel's URL takes: Slack-compatible, WeCom (企业微信) and DingTalk (钉钉) group bots. */
export const CHAT_FORMATS = ["slack", "wecom", "dingtalk"] as const;
export type ChatFormat = (typeof CHAT_FORMATS)[number];
