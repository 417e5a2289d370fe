import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError, errorResponse } from "@/lib/platform/api/errors";
import { collectRoutes, type FoundRoute } from "@/lib/platform/api/openapi/collect";
import { coverage, errorBodySchema, operations } from "@/lib/platform/api/openapi/document";
import { DOCUMENT_FILE, generateApiDocs, MARKDOWN_FILE } from "@/lib/platform/api/openapi/generate";
import type { RouteArea, RouteKey } from "@/lib/platform/api/openapi/route-doc";
import { API_AREAS } from "./areas";
import { GET as openapi } from "./route";
import { getAs, signedInAs } from "@/test/route-session";

// The API reference is generated from the route handlers' own route() declarations: a route
// file without words, words without a route, or a stale docs/api.md fails here.
let found: FoundRoute[] = [];
beforeAll(async () => {
  found = await collectRoutes();
}, 60_000);

describe("the API reference", () => {
  it("describes every handler under app/api, and nothing else", () => {
    expect(found.length).toBeGreaterThan(70);
    expect(coverage(found, API_AREAS)).toEqual({ undocumented: [], unanswered: [] });
  });

  it("notices a route it has no words for, and words for a route that is gone", () => {
    const extra: FoundRoute = { method: "POST", path: "/api/nothing", file: "app/api/nothing/route.ts" };
    expect(coverage([...found, extra], API_AREAS).undocumented).toEqual(["POST /api/nothing"]);
    const gone: RouteArea = { area: "Gone", about: "", routes: { "GET /api/gone": { does: "nothing now" } } };
    expect(coverage(found, [...API_AREAS, gone]).unanswered).toEqual(["GET /api/gone"]);
    expect(() => operations([...found, extra], API_AREAS)).toThrow(/no words for POST \/api\/nothing/);
    const own = found.find((r) => r.spec?.doc)!;
    const lost = { ...own, spec: { ...own.spec!, doc: { ...own.spec!.doc!, tag: "Nowhere" } } };
    expect(() => operations([...found.filter((r) => r !== own), lost], API_AREAS)).toThrow(/no area for/);
    const twice: RouteArea = { area: "Twice", about: "", routes: { [`${own.method} ${own.path}` as RouteKey]: { does: "again" } } };
    expect(() => operations(found, [...API_AREAS, twice])).toThrow(/words twice for/);
  });

  it("reads each route()'s own schemas and permission", () => {
    const ops = operations(found, API_AREAS);
    const refund = ops.find((o) => o.method === "POST" && o.path === "/api/transactions/{id}/refunds");
    expect(refund?.spec?.permission).toBe("money.move");
    expect(refund?.spec?.body).toBeDefined();
    // Every handler goes through route() and documents itself: the areas name only the
    // notifications server/intake.ts answers before Next sees them.
    expect(ops.filter((o) => !o.spec).map((o) => `${o.method} ${o.path}`)).toEqual(["POST /api/webhooks/upi"]);
    expect(ops.filter((o) => o.spec && !o.spec.doc)).toEqual([]);
  });

  it("names every path parameter of every path, and no other", async () => {
    const doc = JSON.parse((await generateApiDocs(API_AREAS)).json) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const op of Object.values(methods))
        expect([
          path,
          (op.parameters ?? [])
            .filter((p) => p.in === "path")
            .map((p) => p.name)
            .sort(),
        ]).toEqual([path, inPath]);
    }
  });

  it("is written out as the routes declare it now (npm run docs:api)", async () => {
    const { json, markdown } = await generateApiDocs(API_AREAS);
    expect(readFileSync(DOCUMENT_FILE, "utf8")).toBe(json);
    expect(readFileSync(MARKDOWN_FILE, "utf8")).toBe(markdown);
  });

  it("gives every route that declares its answer a summary, a real schema and its 4xx in the error contract", async () => {
    type Op = {
      summary?: string;
      responses: Record<string, { $ref?: string; content?: Record<string, { schema: object }> }>;
    };
    const doc = JSON.parse((await generateApiDocs(API_AREAS)).json) as {
      paths: Record<string, Record<string, Op>>;
      components: { responses: Record<string, unknown> };
    };
    const declared = found.filter((r) => r.spec?.response);
    expect(declared.length).toBeGreaterThan(20);
    for (const r of declared) {
      const op = doc.paths[r.path]![r.method.toLowerCase()]!;
      expect(op.summary, r.path).toBeTruthy();
      const success = op.responses[String(r.spec!.doc!.status ?? 200)]!;
      expect(Object.keys(success.content!["application/json"]!.schema).length, r.path).toBeGreaterThan(0);
      const waiting = op.responses["202"]?.content?.["application/json"]?.schema as { properties?: object } | undefined;
      if (r.spec!.doc!.pending) expect(waiting?.properties, r.path).toHaveProperty("pendingChange");
      const fours = Object.entries(op.responses).filter(([status]) => /^4\d\d$/.test(status));
      expect(fours.length, r.path).toBeGreaterThan(0);
      for (const [, answer] of fours)
        expect(doc.components.responses[answer.$ref!.split("/").at(-1)!], r.path).toBeDefined();
    }
  });

  it("passes Redocly's recommended ruleset without an error, every operation with a summary and its 4xx", async () => {
    const { createConfig, lintFromString } = await import("@redocly/openapi-core");
    const problems = await lintFromString({
      source: (await generateApiDocs(API_AREAS)).json,
      absoluteRef: "/openapi.json",
      config: await createConfig({ extends: ["recommended"] }),
    });
    const said = (severity: string) =>
      problems.filter((p) => p.severity === severity).map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`);
    expect(said("error")).toEqual([]);
    expect(said("warn").filter((p) => p.startsWith("operation-4xx-response"))).toEqual([]);
  }, 60_000);

  it("describes the error body every route answers", async () => {
    const body = await errorResponse(new ApiError("conflict", "No.", { rule: "already_decided" })).json();
    expect(errorBodySchema.safeParse(body).success).toBe(true);
  });

  it("is served at GET /api/openapi.json to a signed-in person", async () => {
    const { cookie } = await signedInAs("ops");
    const res = await getAs(openapi, cookie, "/api/openapi.json");
    expect(res.status).toBe(200);
    const served = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(served.openapi).toBe("3.1.0");
    expect(served.paths["/api/transactions/{id}/refunds"]).toBeDefined();
    expect((await getAs(openapi, "", "/api/openapi.json")).status).toBe(401);
  });
});
