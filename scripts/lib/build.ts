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

/** Node arguments that run the console's server, compiled by scripts/build-server.mjs. */
export function serverArgs(): string[] {
  return ["--enable-source-maps", join("dist", "server.mjs")];
}
