import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

type Segment = { kind: 0; value: string } | { kind: 1 | 2 | 3 };
type Pattern = { label: string; segments: Segment[] };

export const UNMATCHED = "unmatched";

const ROUTE_FILE = /^route\.(ts|tsx|js|mjs)$/;

/** The route patterns under `root/app/api` (or `root/.next/server/app/api`), as "/api/…". */
export function scanRoutePatterns(root: string = process.cwd()): string[] {
  const dirs = [join(root, "app", "api"), join(root, ".next", "server", "app", "api")];
  const base = dirs.find((dir) => existsSync(dir));
  if (!base) return [];
  const found: string[] = [];
  const walk = (dir: string, path: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith("_") || entry.name.startsWith("@")) continue; // private folders, slots
        walk(join(dir, entry.name), /^\(.*\)$/.test(entry.name) ? path : [...path, entry.name]);
      } else if (ROUTE_FILE.test(entry.name)) {
        found.push(`/${["api", ...path].join("/")}`);
      }
    }
  };
  walk(base, []);
  return [...new Set(found)].sort();
}

function segmentOf(name: string): Segment {
  if (name.startsWith("[[...")) return { kind: 3 };
  if (name.startsWith("[...")) return { kind: 2 };
  if (name.startsWith("[")) return { kind: 1 };
  return { kind: 0, value: name };
}

function compare(a: Pattern, b: Pattern): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const d = a.segments[i]!.kind - b.segments[i]!.kind;
    if (d !== 0) return d;
  }
  return b.segments.length - a.segments.length;
}

function matches(pattern: Segment[], parts: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i]!;
    if (segment.kind === 3) return parts.length >= i;
    if (segment.kind === 2) return parts.length > i;
    const part = parts[i];
    if (part === undefined || part === "") return false;
    if (segment.kind === 0 && part !== segment.value) return false;
  }
  return parts.length === pattern.length;
}

/** A function from a request path to its route pattern, or UNMATCHED. */
export function createRouteMatcher(labels: string[]): (pathname: string) => string {
  const patterns: Pattern[] = labels
    .map((label) => ({ label, segments: label.split("/").slice(1).map(segmentOf) }))
    .sort(compare);
  return (pathname) => {
    const parts = pathname.replace(/\/+$/, "").split("/").slice(1);
    return patterns.find((p) => matches(p.segments, parts))?.label ?? UNMATCHED;
  };
}

let matcher: ((pathname: string) => string) | undefined;

/** The route pattern of an API path, from the route files scanned on first use. */
export function routePattern(pathname: string): string {
  if (!matcher) {
    let labels: string[] = [];
    try {
      labels = scanRoutePatterns();
    } catch {
      // Unreadable: every request is labelled "unmatched", which costs a label, never a request.
    }
    matcher = createRouteMatcher(labels);
  }
  return matcher(pathname);
}
