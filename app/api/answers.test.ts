import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { markWorkers } from "@/lib/platform/jobs/state";
import type { z } from "zod";
import { collectRoutes } from "@/lib/platform/api/openapi/collect";
import { seedAnswers } from "@/test/answers-seed";
import { getAs, signedInAs } from "@/test/route-session";
import { ANSWERS as SEEDED, type Case } from "@/test/answers-cases";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { ADMIN_ANSWERS, seedAdminAnswers } from "@/test/answers-admin-cases";
import { ACCOUNT_ANSWERS, seedAccountAnswers } from "@/test/answers-account-cases";
import { UPLOAD_ANSWERS } from "@/test/answers-upload-cases";

const ANSWERS = { ...SEEDED, ...ADMIN_ANSWERS, ...ACCOUNT_ANSWERS, ...UPLOAD_ANSWERS };

// These call the payment service, Customs or a chat service, which this file does not run: checked by type, or made by the view a GET above answers with.
const TYPED_ONLY = [
  "POST /api/transactions/{id}/captures",
  "POST /api/transactions/{id}/cancel",
  "POST /api/operations/{id}/approve",
  "POST /api/vault",
  "DELETE /api/vault/{token}",
  "POST /api/payment-links",
  "POST /api/transactions/import",
  "POST /api/transactions/{id}/refresh",
  "POST /api/customs/declarations",
  "POST /api/refund-batches/{id}/approve",
  "POST /api/reconciliation/runs",
  "POST /api/webhooks/{id}/reapply",
  "POST /api/webhooks/{id}/resync",
  "POST /api/customs/declarations/{id}/inquire",
  "POST /api/customs/declarations/{id}/sub-orders/{subId}/resubmit",
  "POST /api/settings/test-connection",
  "GET /api/consults",
  "POST /api/customs/bulk",
  "POST /api/charges",
  "POST /api/charges/{chargeToken}/confirm",
  "POST /api/settings/chat/{team}/test",
];

const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);

/** A GET, or another method with the body from this console's own origin (route() refuses any other). */
function call({ handler, path, body, id, param = "id", noteId, keyed, raw }: Case, cookie: string, method: string) {
  const params: Record<string, string> = {
    ...(id ? { [param]: ids[id]! } : {}),
    ...(noteId ? { noteId: ids[noteId]! } : {}),
  };
  path = fill(path);
  if (method === "GET") return getAs(handler, cookie, path, params);
  const headers = {
    host: "localhost:3000",
    origin: "http://localhost:3000",
    cookie,
    "content-type": raw?.type ?? "application/json",
    ...(keyed ? { "idempotency-key": `answers-${Date.now().toString(36)}` } : {}),
  };
  const json = body === undefined ? null : fill(JSON.stringify(typeof body === "function" ? body() : body));
  const req = new NextRequest(`http://localhost:3000${path}`, { method, headers, body: raw ? fill(raw.text) : json });
  return handler(req, { params: Promise.resolve(params) });
}

const cookies = new Map<string, string>();
let ids: Record<string, string> = {};
let adminId = "";
beforeAll(async () => {
  const users = new Map<string, string>();
  for (const role of ["admin", "finance", "manager"]) {
    const { id, cookie } = await signedInAs(role);
    cookies.set(role, cookie);
    users.set(role, id);
  }
  ids = await seedAnswers(users.get("admin")!, users.get("manager")!);
  Object.assign(ids, await seedAdminAnswers(users.get("admin")!));
  adminId = users.get("admin")!;
  markWorkers("running"); // as npm start's instance says once its job workers run

  for (const [name, cookie] of Object.entries(await seedAccountAnswers())) cookies.set(name, cookie);
}, 60_000);
afterAll(() => {
  markWorkers("not_started");
  return db.pendingChange.deleteMany({
    where: {
      OR: [
        { id: { in: [ids.pending!, ids.rejectable!, ids.ownChange!, ids.approvable!] } },
        { requestedById: adminId },
      ],
    },
  });
});

describe("each route's declared answer", () => {
  it("is tested here for every route that declares one", async () => {
    const declared = (await collectRoutes()).filter((r) => r.spec?.response).map((r) => `${r.method} ${r.path}`);
    expect(declared.sort()).toEqual([...Object.keys(ANSWERS), ...TYPED_ONLY].sort());
  }, 60_000);

  for (const [key, answer] of Object.entries(ANSWERS))
    it(`parses what ${key} really answers`, async () => {
      const { handler, role = "admin", id, waits } = answer;
      if (waits) expect(handler.spec.doc?.pending, "a route that waits says so").toBe(pendingChangeClosedSchema);
      const res = await call(answer, cookies.get(role)!, key.split(" ")[0]!);
      expect(res.status).toBe(waits ? 202 : (handler.spec.doc?.status ?? 200));
      const body: unknown = await res.json();
      const schema = (waits ? pendingChangeClosedSchema : handler.spec.response) as z.ZodType;
      const parsed = schema.safeParse(body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      const rows = Object.values(body as object).find(Array.isArray) as unknown[] | undefined;
      if (!id && rows) expect(rows.length, "a list the seed should have filled").toBeGreaterThan(0);
    });
});
