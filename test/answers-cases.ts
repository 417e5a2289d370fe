import type { RouteSpec } from "@/lib/platform/api/route";
import type { RouteHandler } from "@/test/route-session";
import { GET as transactions } from "@/app/api/transactions/route";
import { GET as operations } from "@/app/api/operations/route";
import { GET as paymentLinks } from "@/app/api/payment-links/route";
import { GET as users } from "@/app/api/users/route";
import { GET as approvals } from "@/app/api/approvals/route";
import { GET as webhooks } from "@/app/api/webhooks/route";
import { GET as refundBatches } from "@/app/api/refund-batches/route";
import { GET as audit } from "@/app/api/audit/route";
import { GET as chargebacks } from "@/app/api/chargebacks/route";
import { GET as declarations } from "@/app/api/customs/declarations/route";
import { GET as exceptions } from "@/app/api/reconciliation/exceptions/route";
import { GET as runs } from "@/app/api/reconciliation/runs/route";
import { GET as vault } from "@/app/api/vault/route";
import { GET as operation } from "@/app/api/operations/[id]/route";
import { GET as notification } from "@/app/api/webhooks/[id]/route";
import { GET as declaration } from "@/app/api/customs/declarations/[id]/route";
import { GET as refundBatch } from "@/app/api/refund-batches/[id]/route";
import { GET as summary } from "@/app/api/transactions/summary/route";
import { GET as chargeOperations } from "@/app/api/transactions/[id]/operations/route";
import { GET as notes } from "@/app/api/transactions/[id]/notes/route";
import { GET as customers } from "@/app/api/customers/route";
import { GET as sessions } from "@/app/api/me/sessions/route";
import { GET as views } from "@/app/api/views/route";
import { GET as chargebackSummary } from "@/app/api/chargebacks/summary/route";
import { GET as me } from "@/app/api/me/route";
import { POST as addNote } from "@/app/api/transactions/[id]/notes/route";
import { POST as saveView } from "@/app/api/views/route";
import { PATCH as editNote } from "@/app/api/transactions/[id]/notes/[noteId]/route";
import { DELETE as deleteView, PATCH as renameView } from "@/app/api/views/[id]/route";
import { DELETE as endSessions } from "@/app/api/me/sessions/route";
import { GET as roles } from "@/app/api/roles/route";
import { GET as pendingChanges } from "@/app/api/pending-changes/route";
import { GET as transaction } from "@/app/api/transactions/[id]/route";
import { GET as chargeback } from "@/app/api/chargebacks/[id]/route";
import { GET as token } from "@/app/api/vault/[token]/route";
import { GET as paymentLink } from "@/app/api/payment-links/[id]/route";
import { GET as customer } from "@/app/api/customers/[reference]/route";
import { GET as settings } from "@/app/api/settings/route";
import { GET as inbox } from "@/app/api/notifications/route";
import { POST as markRead } from "@/app/api/notifications/read/route";
import { GET as choices, PUT as choose } from "@/app/api/notifications/preferences/route";
import { GET as roleDefaults, PUT as setRoleDefaults } from "@/app/api/notifications/role-defaults/route";
import { POST as refund } from "@/app/api/transactions/[id]/refunds/route";
import { POST as reject } from "@/app/api/operations/[id]/reject/route";
import { GET as parent } from "@/app/api/customs/parent/route";
import { PUT as setOwner } from "@/app/api/chargebacks/[id]/owner/route";
import { POST as addCaseNote } from "@/app/api/chargebacks/[id]/notes/route";
import { PATCH as editCaseNote } from "@/app/api/chargebacks/[id]/notes/[noteId]/route";
import { PUT as tie } from "@/app/api/chargebacks/[id]/charge/route";
import { POST as rejectBatch } from "@/app/api/refund-batches/[id]/reject/route";
import { POST as cancelBatch } from "@/app/api/refund-batches/[id]/cancel/route";
import { POST as rejectChange } from "@/app/api/pending-changes/[id]/reject/route";
import { POST as withdrawChange } from "@/app/api/pending-changes/[id]/withdraw/route";
import { POST as resolve } from "@/app/api/reconciliation/exceptions/[id]/resolve/route";
import { GET as subscriptions, POST as subscribe } from "@/app/api/reports/subscriptions/route";
import { DELETE as unsubscribe } from "@/app/api/reports/subscriptions/[id]/route";
import { GET as chat } from "@/app/api/settings/chat/route";
import { PUT as theme } from "@/app/api/account/theme/route";
import { PATCH as language } from "@/app/api/account/preferences/route";

export type Declared = RouteHandler & { spec: RouteSpec };

// Each route that declares its answer, called for real over seeded rows: its response schema must
// parse what it sends, so a schema that drifts from the code fails here.
export type Case = {
  handler: Declared;
  path: string;
  role?: string;
  id?: string;
  param?: string;
  noteId?: string;
  body?: unknown;
  keyed?: true;
  /** It waits for a second admin: 202 `{ pendingChange }` (doc.pending), not its own answer. */
  waits?: true;
  /** A body that is not JSON (a CSV, a file's bytes as text), with its type. */
  raw?: { type: string; text: string };
};
export const ANSWERS: Record<string, Case> = {
  "GET /api/transactions": { handler: transactions as Declared, path: "/api/transactions?limit=2" },
  "GET /api/operations": { handler: operations as Declared, path: "/api/operations?limit=2" },
  "GET /api/payment-links": { handler: paymentLinks as Declared, path: "/api/payment-links?limit=2", role: "finance" },
  "GET /api/users": { handler: users as Declared, path: "/api/users" },
  "GET /api/approvals": { handler: approvals as Declared, path: "/api/approvals", role: "manager" },
  "GET /api/webhooks": { handler: webhooks as Declared, path: "/api/webhooks?limit=3" },
  "GET /api/refund-batches": { handler: refundBatches as Declared, path: "/api/refund-batches", role: "finance" },
  "GET /api/audit": { handler: audit as Declared, path: "/api/audit" },
  "GET /api/chargebacks": { handler: chargebacks as Declared, path: "/api/chargebacks?limit=2", role: "manager" },
  "GET /api/customs/declarations": { handler: declarations as Declared, path: "/api/customs/declarations?limit=2" },
  "GET /api/reconciliation/exceptions": {
    handler: exceptions as Declared,
    path: "/api/reconciliation/exceptions?limit=2",
    role: "manager",
  },
  "GET /api/vault": { handler: vault as Declared, path: "/api/vault?limit=2" },
  "GET /api/reconciliation/runs": { handler: runs as Declared, path: "/api/reconciliation/runs", role: "manager" },
  "GET /api/operations/{id}": { handler: operation as Declared, path: "/api/operations/x", id: "operation" },
  "GET /api/webhooks/{id}": { handler: notification as Declared, path: "/api/webhooks/x", id: "notification" },
  "GET /api/customs/declarations/{id}": {
    handler: declaration as Declared,
    path: "/api/customs/declarations/x",
    id: "declaration",
  },
  "GET /api/refund-batches/{id}": {
    handler: refundBatch as Declared,
    path: "/api/refund-batches/x",
    role: "finance",
    id: "batch",
  },
  "GET /api/transactions/summary": { handler: summary as Declared, path: "/api/transactions/summary?currency=USD" },
  "GET /api/transactions/{id}/operations": {
    handler: chargeOperations as Declared,
    path: "/api/transactions/x/operations",
    id: "charge",
  },
  "GET /api/transactions/{id}/notes": { handler: notes as Declared, path: "/api/transactions/x/notes", id: "charge" },
  "GET /api/customers": { handler: customers as Declared, path: "/api/customers?email=answers@example.com" },
  "GET /api/me/sessions": { handler: sessions as Declared, path: "/api/me/sessions" },
  "GET /api/views": { handler: views as Declared, path: "/api/views?list=transactions" },
  "GET /api/chargebacks/summary": {
    handler: chargebackSummary as Declared,
    path: "/api/chargebacks/summary",
    role: "manager",
  },
  "GET /api/me": { handler: me as Declared, path: "/api/me", role: "finance" },
  "POST /api/transactions/{id}/notes": {
    handler: addNote as Declared,
    path: "/api/transactions/x/notes",
    id: "charge",
    body: { body: "Asked the shop." },
  },
  "POST /api/views": {
    handler: saveView as Declared,
    path: "/api/views",
    body: { list: "operations", name: "Unknown", query: "status=unknown" },
  },
  "PATCH /api/transactions/{id}/notes/{noteId}": {
    handler: editNote as Declared,
    path: "/api/transactions/x/notes/y",
    id: "charge",
    noteId: "note",
    body: { body: "Called twice." },
  },
  "PATCH /api/views/{id}": {
    handler: renameView as Declared,
    path: "/api/views/x",
    id: "view",
    body: { name: "Renamed" },
  },
  "DELETE /api/views/{id}": { handler: deleteView as Declared, path: "/api/views/x", id: "view" },
  "DELETE /api/me/sessions": { handler: endSessions as Declared, path: "/api/me/sessions", role: "manager" },
  "GET /api/roles": { handler: roles as Declared, path: "/api/roles" },
  "GET /api/pending-changes": { handler: pendingChanges as Declared, path: "/api/pending-changes" },
  "GET /api/transactions/{id}": { handler: transaction as Declared, path: "/api/transactions/x", id: "charge" },
  "GET /api/chargebacks/{id}": {
    handler: chargeback as Declared,
    path: "/api/chargebacks/x",
    role: "manager",
    id: "chargeback",
  },
  "GET /api/vault/{token}": { handler: token as Declared, path: "/api/vault/x", id: "token", param: "token" },
  "GET /api/customers/{reference}": {
    handler: customer as Declared,
    path: "/api/customers/x",
    id: "customer",
    param: "reference",
  },
  "GET /api/settings": { handler: settings as Declared, path: "/api/settings" },
  "PUT /api/account/theme": { handler: theme as Declared, path: "/api/account/theme", body: { theme: "dark" } },
  "PATCH /api/account/preferences": {
    handler: language as Declared,
    path: "/api/account/preferences",
    body: { locale: "zh-CN", timeZone: "Asia/Shanghai" },
  },
  "GET /api/settings/chat": { handler: chat as Declared, path: "/api/settings/chat" },
  "POST /api/transactions/{id}/refunds": {
    handler: refund as Declared,
    path: "/api/transactions/x/refunds",
    role: "finance",
    id: "unthresholded",
    body: { amount: 100, reason: "consumer_requested" },
    keyed: true,
  },
  "GET /api/customs/parent": { handler: parent as Declared, path: "/api/customs/parent?transactionId={charge}" },
  "PUT /api/chargebacks/{id}/owner": {
    handler: setOwner as Declared,
    path: "/api/chargebacks/x/owner",
    role: "manager",
    id: "chargeback",
    body: { ownerId: null },
  },
  "POST /api/chargebacks/{id}/notes": {
    handler: addCaseNote as Declared,
    path: "/api/chargebacks/x/notes",
    role: "manager",
    id: "chargeback",
    body: { body: "Sent the receipt." },
  },
  "PATCH /api/chargebacks/{id}/notes/{noteId}": {
    handler: editCaseNote as Declared,
    path: "/api/chargebacks/x/notes/y",
    role: "manager",
    id: "chargeback",
    noteId: "caseNote",
    body: { body: "Sent the receipt twice." },
  },
  "PUT /api/chargebacks/{id}/charge": {
    handler: tie as Declared,
    path: "/api/chargebacks/x/charge",
    role: "manager",
    id: "untied",
    body: { chargeId: "{charge}" },
  },
  "POST /api/refund-batches/{id}/reject": {
    handler: rejectBatch as Declared,
    path: "/api/refund-batches/x/reject",
    role: "manager",
    id: "awaitingBatch",
    body: { comment: "Not these." },
  },
  "POST /api/refund-batches/{id}/cancel": {
    handler: cancelBatch as Declared,
    path: "/api/refund-batches/x/cancel",
    role: "finance",
    id: "batch",
  },
  "POST /api/pending-changes/{id}/reject": {
    handler: rejectChange as Declared,
    path: "/api/pending-changes/x/reject",
    id: "rejectable",
    body: { comment: "Not now." },
  },
  "POST /api/pending-changes/{id}/withdraw": {
    handler: withdrawChange as Declared,
    path: "/api/pending-changes/x/withdraw",
    id: "ownChange",
    body: {},
  },
  "POST /api/reconciliation/exceptions/{id}/resolve": {
    handler: resolve as Declared,
    path: "/api/reconciliation/exceptions/x/resolve",
    role: "manager",
    id: "exception",
    body: { note: "The service was right." },
  },
  "GET /api/reports/subscriptions": { handler: subscriptions as Declared, path: "/api/reports/subscriptions" },
  "POST /api/reports/subscriptions": {
    handler: subscribe as Declared,
    path: "/api/reports/subscriptions",
    role: "finance",
    body: { report: "dailySummary", frequency: "monthly" },
  },
  "DELETE /api/reports/subscriptions/{id}": {
    handler: unsubscribe as Declared,
    path: "/api/reports/subscriptions/x",
    id: "subscription",
  },
  "POST /api/operations/{id}/reject": {
    handler: reject as Declared,
    path: "/api/operations/x/reject",
    role: "manager",
    id: "waiting",
    body: { comment: "Not this one." },
  },
  "GET /api/notifications": { handler: inbox as Declared, path: "/api/notifications" },
  "POST /api/notifications/read": {
    handler: markRead as Declared,
    path: "/api/notifications/read",
    body: { all: true },
  },
  "GET /api/notifications/preferences": { handler: choices as Declared, path: "/api/notifications/preferences" },
  "PUT /api/notifications/preferences": {
    handler: choose as Declared,
    path: "/api/notifications/preferences",
    role: "finance",
    body: { modes: { refundApproved: "digest" }, quietHours: { start: "22:00", end: "07:00" } },
  },
  "GET /api/notifications/role-defaults": {
    handler: roleDefaults as Declared,
    path: "/api/notifications/role-defaults",
    role: "manager",
  },
  "PUT /api/notifications/role-defaults": {
    handler: setRoleDefaults as Declared,
    path: "/api/notifications/role-defaults",
    role: "manager",
    body: { role: "finance", modes: {} },
  },
  "GET /api/payment-links/{id}": {
    handler: paymentLink as Declared,
    path: "/api/payment-links/x",
    role: "finance",
    id: "link",
  },
};
