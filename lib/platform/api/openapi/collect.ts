import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteSpec } from "@/lib/platform/api/route";

import { METHODS, type Method } from "@/lib/platform/api/openapi/route-doc";

export { METHODS, type Method };

/** One exported handler of a route file; `spec` is what route() recorded (absent for a bare function). */
export type FoundRoute = { method: Method; path: string; file: string; spec?: RouteSpec };

const SKIPPED = new Set(["app/api/auth"]);

/** Every route.ts under app/api, as OpenAPI paths (`[id]` → `{id}`). */
export function routeFiles(root = "app/api"): { file: string; path: string }[] {
  return readdirSync(root).flatMap((entry) => {
    const full = join(root, entry);
    if (SKIPPED.has(full)) return [];
    if (statSync(full).isDirectory()) return routeFiles(full);
    if (entry !== "route.ts") return [];
    const path = `/${relative("app", root).replace(/\[(\w+)\]/g, "{$1}")}`;
    return [{ file: full, path }];
  });
}

/** Imports each route file and reads the handlers it exports. */
export async function collectRoutes(root = "app/api"): Promise<FoundRoute[]> {
  const found: FoundRoute[] = [];
  for (const { file, path } of routeFiles(root)) {
    const mod = (await import(pathToFileURL(join(process.cwd(), file)).href)) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = mod[method] as ({ spec?: RouteSpec } & ((...args: never[]) => unknown)) | undefined;
      if (typeof handler === "function") found.push({ method, path, file, spec: handler.spec });
    }
  }
  return found.sort((a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method) - METHODS.indexOf(b.method));
}
