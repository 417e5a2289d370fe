import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import type { Permission } from "../../lib/platform/auth/permissions";
import { sql } from "./users";

// Every API route with the permission it must demand. A route file that is not listed
// here fails the first test of security-routes.spec.ts, so a new route cannot skip that suite.
export type Route = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route with {param} placeholders, as under app/api. */
  path: string;
  permission: Permission | "signed-in" | "public";
  /** A body that passes validation, so an unknown id is looked up rather than refused for the body. */
  body?: unknown;
};

export const ROUTES: Route[] = [
  { method: "GET", path: "/api/chargebacks", permission: "chargebacks.read" },
  { method: "GET", path: "/api/chargebacks/summary", permission: "chargebacks.read" },
  { method: "GET", path: "/api/chargebacks/{id}", permission: "chargebacks.read" },
  { method: "PUT", path: "/api/chargebacks/{id}/owner", permission: "chargebacks.manage", body: { ownerId: null } },
  { method: "PUT", path: "/api/chargebacks/{id}/charge", permission: "chargebacks.manage", body: { chargeId: "ch_x" } },
  { method: "POST", path: "/api/chargebacks/{id}/notes", permission: "chargebacks.manage", body: { body: "a note" } },
  {
    method: "PATCH",
    path: "/api/chargebacks/{id}/notes/{noteId}",
    permission: "chargebacks.manage",
    body: { body: "a note" },
  },
  { method: "POST", path: "/api/chargebacks/{id}/files", permission: "chargebacks.manage" },
  { method: "GET", path: "/api/chargebacks/{id}/files/{fileId}", permission: "chargebacks.read" },
  { method: "GET", path: "/api/chargebacks/{id}/pack.pdf", permission: "chargebacks.read" },
  { method: "GET", path: "/api/chargebacks/{id}/pack.zip", permission: "chargebacks.read" },
  { method: "GET", path: "/api/customers", permission: "transactions.read" },
  { method: "GET", path: "/api/customers/{reference}", permission: "transactions.read" },
  { method: "GET", path: "/api/chargebacks/export.csv", permission: "chargebacks.read" },
  { method: "POST", path: "/api/charges", permission: "charges.create" },
  {
    method: "POST",
    path: "/api/charges/{chargeToken}/confirm",
    permission: "charges.create",
    body: { amount: 1000, currency: "USD" },
  },
  { method: "GET", path: "/api/consults", permission: "charges.create" },
  { method: "POST", path: "/api/customs/bulk", permission: "customs.declare" },
  { method: "GET", path: "/api/customs/bulk/template", permission: "customs.declare" },
  { method: "GET", path: "/api/customs/declarations", permission: "customs.read" },
  { method: "POST", path: "/api/customs/declarations", permission: "customs.declare" },
  { method: "GET", path: "/api/customs/declarations/export.csv", permission: "customs.read" },
  { method: "GET", path: "/api/customs/declarations/{id}", permission: "customs.read" },
  { method: "POST", path: "/api/customs/declarations/{id}/inquire", permission: "customs.declare" },
  {
    method: "POST",
    path: "/api/customs/declarations/{id}/sub-orders/{subId}/resubmit",
    permission: "customs.declare",
    body: { subOrderNo: "SUB-SEC-1" },
  },
  { method: "GET", path: "/api/customs/parent", permission: "customs.read" },
  { method: "GET", path: "/api/audit", permission: "audit.read" },
  { method: "GET", path: "/api/audit/export.csv", permission: "audit.read" },
  { method: "GET", path: "/api/me", permission: "signed-in" },
  { method: "POST", path: "/api/me/password", permission: "signed-in" },
  { method: "POST", path: "/api/me/mfa/setup", permission: "signed-in" },
  { method: "POST", path: "/api/me/mfa/confirm", permission: "signed-in" },
  { method: "POST", path: "/api/me/step-up", permission: "signed-in" },
  { method: "GET", path: "/api/me/sessions", permission: "signed-in" },
  { method: "DELETE", path: "/api/me/sessions", permission: "signed-in" },
  {
    method: "PATCH",
    path: "/api/account/preferences",
    permission: "signed-in",
    body: { locale: "en", timeZone: "UTC" },
  },
  { method: "PUT", path: "/api/account/theme", permission: "signed-in", body: { theme: "system" } },
  { method: "GET", path: "/api/notifications", permission: "signed-in" },
  { method: "POST", path: "/api/notifications/read", permission: "signed-in", body: { all: true } },
  { method: "GET", path: "/api/notifications/preferences", permission: "signed-in" },
  { method: "PUT", path: "/api/notifications/preferences", permission: "signed-in", body: { email: {} } },
  { method: "GET", path: "/api/notifications/role-defaults", permission: "notifications.manage" },
  {
    method: "PUT",
    path: "/api/notifications/role-defaults",
    permission: "notifications.manage",
    body: { role: "ops", modes: {} },
  },
  { method: "GET", path: "/api/reports/subscriptions", permission: "signed-in" },
  {
    method: "POST",
    path: "/api/reports/subscriptions",
    permission: "signed-in",
    body: { report: "declarationsByStatus", frequency: "weekly" },
  },
  { method: "DELETE", path: "/api/reports/subscriptions/{id}", permission: "signed-in" },
  { method: "GET", path: "/api/reports/scheduled/{id}", permission: "signed-in" },
  { method: "GET", path: "/api/approvals", permission: "refunds.approve" },
  { method: "GET", path: "/api/refund-batches", permission: "transactions.read" },
  {
    method: "POST",
    path: "/api/refund-batches",
    permission: "money.move",
    body: { ids: ["ch_none"], reason: "fraud" },
  },
  { method: "POST", path: "/api/refund-batches/csv", permission: "money.move" },
  { method: "GET", path: "/api/refund-batches/template.csv", permission: "money.move" },
  { method: "GET", path: "/api/refund-batches/{id}", permission: "transactions.read" },
  { method: "POST", path: "/api/refund-batches/{id}/approve", permission: "refunds.approve", body: { comment: "ok" } },
  { method: "POST", path: "/api/refund-batches/{id}/reject", permission: "refunds.approve", body: { comment: "no" } },
  { method: "POST", path: "/api/refund-batches/{id}/cancel", permission: "money.move" },
  { method: "GET", path: "/api/refund-batches/{id}/result.csv", permission: "transactions.read" },
  { method: "GET", path: "/api/reconciliation/exceptions", permission: "reconciliation.read" },
  { method: "GET", path: "/api/reconciliation/exceptions/export.csv", permission: "reconciliation.read" },
  {
    method: "POST",
    path: "/api/reconciliation/exceptions/{id}/resolve",
    permission: "reconciliation.manage",
    body: { note: "checked with the provider" },
  },
  { method: "GET", path: "/api/reconciliation/runs", permission: "reconciliation.read" },
  { method: "POST", path: "/api/reconciliation/runs", permission: "reconciliation.manage" },
  { method: "GET", path: "/api/operations", permission: "transactions.read" },
  { method: "GET", path: "/api/operations/{id}", permission: "transactions.read" },
  { method: "POST", path: "/api/operations/{id}/approve", permission: "refunds.approve", body: { comment: "ok" } },
  { method: "POST", path: "/api/operations/{id}/reject", permission: "refunds.approve", body: { comment: "no" } },
  { method: "GET", path: "/api/payment-links", permission: "charges.create" },
  { method: "POST", path: "/api/payment-links", permission: "charges.create" },
  { method: "GET", path: "/api/payment-links/{id}", permission: "charges.create" },
  { method: "GET", path: "/api/reports/summary.csv", permission: "reports.read" },
  { method: "GET", path: "/api/pending-changes", permission: "users.manage" },
  { method: "POST", path: "/api/pending-changes/{id}/approve", permission: "users.manage" },
  { method: "POST", path: "/api/pending-changes/{id}/reject", permission: "users.manage" },
  { method: "POST", path: "/api/pending-changes/{id}/withdraw", permission: "users.manage" },
  { method: "GET", path: "/api/settings", permission: "settings.manage" },
  { method: "PATCH", path: "/api/settings", permission: "settings.manage" },
  { method: "PUT", path: "/api/settings/credentials/{name}", permission: "settings.manage" },
  { method: "POST", path: "/api/settings/test-connection", permission: "settings.manage" },
  { method: "GET", path: "/api/settings/chat", permission: "settings.manage" },
  { method: "PUT", path: "/api/settings/chat/{team}", permission: "settings.manage" },
  { method: "DELETE", path: "/api/settings/chat/{team}", permission: "settings.manage" },
  { method: "POST", path: "/api/settings/chat/{team}/test", permission: "settings.manage" },
  { method: "GET", path: "/api/settings/sso", permission: "settings.manage" },
  { method: "PUT", path: "/api/settings/sso/provider", permission: "settings.manage" },
  { method: "PUT", path: "/api/settings/sso/policy", permission: "settings.manage" },
  { method: "POST", path: "/api/settings/sso/test", permission: "settings.manage" },
  { method: "GET", path: "/api/transactions", permission: "transactions.read" },
  { method: "GET", path: "/api/transactions/export.csv", permission: "transactions.read" },
  { method: "GET", path: "/api/transactions/summary", permission: "transactions.read" },
  { method: "POST", path: "/api/transactions/import", permission: "transactions.read" },
  { method: "GET", path: "/api/transactions/{id}", permission: "transactions.read" },
  { method: "GET", path: "/api/transactions/{id}/notes", permission: "transactions.read" },
  {
    method: "POST",
    path: "/api/transactions/{id}/notes",
    permission: "transactions.annotate",
    body: { body: "A note" },
  },
  {
    method: "PATCH",
    path: "/api/transactions/{id}/notes/{noteId}",
    permission: "transactions.annotate",
    body: { body: "A note" },
  },
  { method: "POST", path: "/api/transactions/{id}/cancel", permission: "money.move", body: {} },
  { method: "POST", path: "/api/transactions/{id}/captures", permission: "money.move", body: { amount: 100 } },
  { method: "GET", path: "/api/transactions/{id}/operations", permission: "transactions.read" },
  { method: "POST", path: "/api/transactions/{id}/refresh", permission: "transactions.read" },
  {
    method: "POST",
    path: "/api/transactions/{id}/refunds",
    permission: "money.move",
    body: { amount: 100, reason: "fraud" },
  },
  { method: "GET", path: "/api/roles", permission: "users.manage" },
  { method: "POST", path: "/api/roles", permission: "users.manage" },
  { method: "PATCH", path: "/api/roles/{key}", permission: "users.manage", body: { name: "Nobody" } },
  { method: "POST", path: "/api/scim/token", permission: "users.manage" },
  { method: "GET", path: "/api/users", permission: "users.manage" },
  { method: "POST", path: "/api/users", permission: "users.manage" },
  { method: "PATCH", path: "/api/users/{id}", permission: "users.manage", body: { name: "Nobody" } },
  { method: "POST", path: "/api/users/{id}/password-reset", permission: "users.manage" },
  { method: "POST", path: "/api/users/{id}/mfa-reset", permission: "users.manage" },
  { method: "GET", path: "/api/vault", permission: "vault.read" },
  { method: "POST", path: "/api/vault", permission: "vault.manage" },
  { method: "GET", path: "/api/vault/{token}", permission: "vault.read" },
  { method: "DELETE", path: "/api/vault/{token}", permission: "vault.manage" },
  { method: "GET", path: "/api/webhooks", permission: "webhooks.read" },
  { method: "GET", path: "/api/webhooks/{id}", permission: "webhooks.read" },
  { method: "POST", path: "/api/webhooks/{id}/reapply", permission: "webhooks.manage" },
  { method: "POST", path: "/api/webhooks/{id}/resync", permission: "webhooks.manage" },
  { method: "POST", path: "/api/webhooks/upi", permission: "public" },
  { method: "GET", path: "/api/health", permission: "public" },
  { method: "GET", path: "/api/views", permission: "signed-in" },
  { method: "POST", path: "/api/views", permission: "signed-in" },
  { method: "PATCH", path: "/api/views/{id}", permission: "signed-in" },
  { method: "DELETE", path: "/api/views/{id}", permission: "signed-in" },
  { method: "GET", path: "/api/ready", permission: "public" },
  { method: "GET", path: "/api/openapi.json", permission: "signed-in" },
  // Public to the session layer: its own bearer token (METRICS_TOKEN) guards it, 404 when unset.
  { method: "GET", path: "/api/metrics", permission: "public" },
  // The company sign-in's two legs: before any session, by their nature (lib/sso).
  { method: "GET", path: "/api/sso/start", permission: "public" },
  { method: "GET", path: "/api/sso/callback", permission: "public" },
];

// Ids of the right shape that exist nowhere, and ids of no acceptable shape at all.
export const UNKNOWN: Record<string, () => string> = {
  id: () => randomUUID(),
  subId: () => randomUUID(),
  chargeToken: () => "ct_doesnotexist0000",
  token: () => "tok_doesnotexist0000",
  name: () => "private-key",
  team: () => "manager",
  fileId: () => randomUUID(),
  noteId: () => "999999999",
  reference: () => "CUST-doesnotexist0000",
  key: () => "no-such-role",
};
// Where {id} is not a UUID: transaction ids are opaque strings, notification ids numbers.
const UNKNOWN_ID_BY_PREFIX: [string, string][] = [
  ["/api/transactions/{id}", "ch_doesnotexist0000"],
  ["/api/webhooks/{id}", "999999999"],
  ["/api/chargebacks/{id}", "cb_doesnotexist0000"],
];
export const unknownFor = (path: string) => (param: string) =>
  (param === "id" ? UNKNOWN_ID_BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1] : undefined) ??
  UNKNOWN[param]!();
export const MALFORMED = ["bad%20id%21", "%27%3B--", "x".repeat(300)];

export const fill = (path: string, value: (param: string) => string) =>
  path.replace(/\{(\w+)\}/g, (_, p: string) => value(p));

/** The route files under app/api with the methods each exports, and the webhook intake, as "METHOD /api/…" lines. */
export function declaredRoutes(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === "route.ts") {
        const path = `/${dir.replace(/^app\//, "").replace(/\[(\w+)\]/g, "{$1}")}`;
        if (path.startsWith("/api/auth/")) continue; // next-auth's own endpoints (CSRF-protected)
        for (const m of readFileSync(full, "utf8").matchAll(
          /export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g,
        ))
          found.push(`${m[1]} ${path}`);
      }
    }
  };
  walk("app/api");
  // Answered by the console's server in front of Next.js (server/intake.ts), not a route file.
  found.push("POST /api/webhooks/upi");
  return found.sort();
}

export async function deniedCount(email: string, sinceId: number): Promise<number> {
  const [row] = await sql<{ n: string }>(
    "SELECT count(*) AS n FROM audit_log WHERE actor_email = $1 AND result = 'denied' AND id > $2",
    [email, sinceId],
  );
  return Number(row?.n ?? 0);
}
export async function lastAuditId(): Promise<number> {
  const [row] = await sql<{ id: string }>("SELECT coalesce(max(id), 0) AS id FROM audit_log");
  return Number(row?.id ?? 0);
}

export function call(request: APIRequestContext, baseURL: string, route: Route, path: string) {
  return request.fetch(path, {
    method: route.method,
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    ...(route.method === "GET" ? {} : { data: route.body ?? {} }),
  });
}
