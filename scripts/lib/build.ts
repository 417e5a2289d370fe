import { spawnAndWait } from "./spawn";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "next.config.mjs",
  "tailwind.config.ts",
  "package.json",
  "package-lock.json",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when there is no production build, or a source file changed after it. */
export function buildIsStale(root = "."): boolean {
  const stamp = join(root, ".next", "BUILD_ID");
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}

export function nextBin(): string {
  return join("node_modules", "next", "dist", "bin", "next");
}

export async function buildNext(env: NodeJS.ProcessEnv): Promise<void> {
  if ((await spawnAndWait(process.execPath, [nextBin(), "build"], env)) !== 0) throw new Error("next build failed");
}

/**
 * Node arguments that run the console's server, compiled by scripts/build-server.mjs. `lean`
 * (local mode): V8 favours memory over speed — it collects sooner rather than letting the heap
 * grow to what a large machine allows (docs/benchmarks.md, bench:memory: the server held
 * 380 MiB after a walk without it, 136–190 with it, for about 1 ms more per request).
 */
export function serverArgs({ lean = false }: { lean?: boolean } = {}): string[] {
  return [...(lean ? ["--optimize-for-size"] : []), "--enable-source-maps", join("dist", "server.mjs")];
}
