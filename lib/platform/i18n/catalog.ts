import compile from "icu-minify/compile";
import formatMessage from "use-intl/format-message";
import type { Locale } from "@/lib/platform/i18n/locales";
import enCommon from "@/lib/platform/i18n/messages/en/common.json";
import enShell from "@/lib/platform/i18n/messages/en/shell.json";
import enAuth from "@/lib/platform/i18n/messages/en/auth.json";
import enAccount from "@/lib/platform/i18n/messages/en/account.json";
import enSettings from "@/lib/platform/i18n/messages/en/settings.json";
import enUsers from "@/lib/platform/i18n/messages/en/users.json";
import enOverview from "@/lib/platform/i18n/messages/en/overview.json";
import enTransactions from "@/lib/platform/i18n/messages/en/transactions.json";
import enOperations from "@/lib/platform/i18n/messages/en/operations.json";
import enApprovals from "@/lib/platform/i18n/messages/en/approvals.json";
import enTerminal from "@/lib/platform/i18n/messages/en/terminal.json";
import enPaymentLinks from "@/lib/platform/i18n/messages/en/paymentLinks.json";
import enVault from "@/lib/platform/i18n/messages/en/vault.json";
import enCustomers from "@/lib/platform/i18n/messages/en/customers.json";
import enSearch from "@/lib/platform/i18n/messages/en/search.json";
import enCustoms from "@/lib/platform/i18n/messages/en/customs.json";
import enPaymentErrors from "@/lib/platform/i18n/messages/en/paymentErrors.json";
import enChargebacks from "@/lib/platform/i18n/messages/en/chargebacks.json";
import enAudit from "@/lib/platform/i18n/messages/en/audit.json";
import enWebhooks from "@/lib/platform/i18n/messages/en/webhooks.json";
import enReports from "@/lib/platform/i18n/messages/en/reports.json";
import enErrors from "@/lib/platform/i18n/messages/en/errors.json";
import enValidation from "@/lib/platform/i18n/messages/en/validation.json";
import enStatuses from "@/lib/platform/i18n/messages/en/statuses.json";
import enNotifications from "@/lib/platform/i18n/messages/en/notifications.json";
import enRefundBatches from "@/lib/platform/i18n/messages/en/refundBatches.json";
import enReconciliation from "@/lib/platform/i18n/messages/en/reconciliation.json";
import zhCommon from "@/lib/platform/i18n/messages/zh-CN/common.json";
import zhShell from "@/lib/platform/i18n/messages/zh-CN/shell.json";
import zhAuth from "@/lib/platform/i18n/messages/zh-CN/auth.json";
import zhAccount from "@/lib/platform/i18n/messages/zh-CN/account.json";
import zhSettings from "@/lib/platform/i18n/messages/zh-CN/settings.json";
import zhUsers from "@/lib/platform/i18n/messages/zh-CN/users.json";
import zhOverview from "@/lib/platform/i18n/messages/zh-CN/overview.json";
import zhTransactions from "@/lib/platform/i18n/messages/zh-CN/transactions.json";
import zhOperations from "@/lib/platform/i18n/messages/zh-CN/operations.json";
import zhApprovals from "@/lib/platform/i18n/messages/zh-CN/approvals.json";
import zhTerminal from "@/lib/platform/i18n/messages/zh-CN/terminal.json";
import zhPaymentLinks from "@/lib/platform/i18n/messages/zh-CN/paymentLinks.json";
import zhVault from "@/lib/platform/i18n/messages/zh-CN/vault.json";
import zhCustomers from "@/lib/platform/i18n/messages/zh-CN/customers.json";
import zhSearch from "@/lib/platform/i18n/messages/zh-CN/search.json";
import zhCustoms from "@/lib/platform/i18n/messages/zh-CN/customs.json";
import zhPaymentErrors from "@/lib/platform/i18n/messages/zh-CN/paymentErrors.json";
import zhChargebacks from "@/lib/platform/i18n/messages/zh-CN/chargebacks.json";
import zhAudit from "@/lib/platform/i18n/messages/zh-CN/audit.json";
import zhWebhooks from "@/lib/platform/i18n/messages/zh-CN/webhooks.json";
import zhReports from "@/lib/platform/i18n/messages/zh-CN/reports.json";
import zhErrors from "@/lib/platform/i18n/messages/zh-CN/errors.json";
import zhValidation from "@/lib/platform/i18n/messages/zh-CN/validation.json";
import zhStatuses from "@/lib/platform/i18n/messages/zh-CN/statuses.json";
import zhNotifications from "@/lib/platform/i18n/messages/zh-CN/notifications.json";
import zhRefundBatches from "@/lib/platform/i18n/messages/zh-CN/refundBatches.json";
import zhReconciliation from "@/lib/platform/i18n/messages/zh-CN/reconciliation.json";

const en = {
  common: enCommon,
  shell: enShell,
  auth: enAuth,
  account: enAccount,
  settings: enSettings,
  users: enUsers,
  overview: enOverview,
  transactions: enTransactions,
  operations: enOperations,
  approvals: enApprovals,
  terminal: enTerminal,
  paymentLinks: enPaymentLinks,
  vault: enVault,
  customers: enCustomers,
  search: enSearch,
  customs: enCustoms,
  paymentErrors: enPaymentErrors,
  chargebacks: enChargebacks,
  audit: enAudit,
  webhooks: enWebhooks,
  reports: enReports,
  errors: enErrors,
  validation: enValidation,
  statuses: enStatuses,
  notifications: enNotifications,
  refundBatches: enRefundBatches,
  reconciliation: enReconciliation,
};
export type Messages = typeof en;

const zh: Messages = {
  common: zhCommon,
  shell: zhShell,
  auth: zhAuth,
  account: zhAccount,
  settings: zhSettings,
  users: zhUsers,
  overview: zhOverview,
  transactions: zhTransactions,
  operations: zhOperations,
  approvals: zhApprovals,
  terminal: zhTerminal,
  paymentLinks: zhPaymentLinks,
  vault: zhVault,
  customers: zhCustomers,
  search: zhSearch,
  customs: zhCustoms,
  paymentErrors: zhPaymentErrors,
  chargebacks: zhChargebacks,
  audit: zhAudit,
  webhooks: zhWebhooks,
  reports: zhReports,
  errors: zhErrors,
  validation: zhValidation,
  statuses: zhStatuses,
  notifications: zhNotifications,
  refundBatches: zhRefundBatches,
  reconciliation: zhReconciliation,
};

/** Precompiled messages inside Next's bundles (ADR 0019), ICU parsed elsewhere: the formatter in use tells. */
export const PRECOMPILED = formatMessage.raw === false;

type Tree = { [key: string]: string | Tree };
const compileTree = (tree: Tree): Tree =>
  Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      // Made plain: icu-minify's option maps have no prototype, and React passes only plain objects to the browser.
      typeof value === "string" ? (JSON.parse(JSON.stringify(compile(value))) as string) : compileTree(value),
    ]),
  );
const ready = (messages: Messages): Messages =>
  PRECOMPILED ? (compileTree(messages as unknown as Tree) as unknown as Messages) : messages;

/** The source catalogs, as written (the tests compare languages on these). */
export const SOURCE_CATALOGS: Record<Locale, Messages> = { en, "zh-CN": zh };
/** The catalogs in the form this bundle's use-intl formats. */
export const CATALOGS: Record<Locale, Messages> = { en: ready(en), "zh-CN": ready(zh) };
export const NAMESPACES = Object.keys(en) as (keyof Messages)[];
