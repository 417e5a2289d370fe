import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRouteMatcher, routePattern, scanRoutePatterns, UNMATCHED } from "./route-pattern";

// Metrics and log lines name the route pattern, never a concrete id.
describe("route patterns", () => {
  it("are scanned from app/api, and a concrete path maps to its pattern the way Next picks it", () => {
    const patterns = scanRoutePatterns();
    expect(patterns).toContain("/api/transactions/[id]");
    expect(patterns).toContain("/api/transactions/export.csv");
    expect(routePattern("/api/transactions/ch_123")).toBe("/api/transactions/[id]");
    expect(routePattern("/api/transactions/ch_123/")).toBe("/api/transactions/[id]");
    expect(routePattern("/api/transactions/export.csv")).toBe("/api/transactions/export.csv");
    expect(routePattern("/api/transactions/import")).toBe("/api/transactions/import");
    expect(routePattern("/api/transactions/ch_1/refunds")).toBe("/api/transactions/[id]/refunds");
    expect(routePattern("/api/customs/declarations/5f0c/sub-orders/77/resubmit")).toBe(
      "/api/customs/declarations/[id]/sub-orders/[subId]/resubmit",
    );
    expect(routePattern("/api/auth/callback/credentials")).toBe("/api/auth/[...nextauth]");
    expect(routePattern("/api/transactions")).toBe("/api/transactions");
    expect(routePattern("/api/nothing/here")).toBe(UNMATCHED);
  });

  it("static before dynamic before catch-all, route groups left out", () => {
    const match = createRouteMatcher(["/api/a/[id]", "/api/a/new", "/api/a/[...rest]", "/api/[[...all]]"]);
    expect(match("/api/a/new")).toBe("/api/a/new");
    expect(match("/api/a/7")).toBe("/api/a/[id]");
    expect(match("/api/a/7/8")).toBe("/api/a/[...rest]");
    expect(match("/api")).toBe("/api/[[...all]]");
    expect(match("/api/b")).toBe("/api/[[...all]]");
  });

  const root = mkdtempSync(join(tmpdir(), "routes-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  it("read from the build's compiled routes when the sources are not shipped", () => {
    for (const file of [
      ".next/server/app/api/(admin)/users/[id]/route.js",
      ".next/server/app/api/users/[id]/route.js.map",
      ".next/server/app/api/health/route.js",
    ]) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), "");
    }
    expect(scanRoutePatterns(root)).toEqual(["/api/health", "/api/users/[id]"]);
  });
});
