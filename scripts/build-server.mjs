// Compiles the console's server (server/main.ts) and its launcher (scripts/start.ts) to
// plain JavaScript in dist/, once per `npm start`, `npm run dev` and `npm test` (under a
// second): production runs no transpiler, and node_modules stay outside the bundle, so
// `server-only` keeps guarding — a module that imports it cannot run in the server.
import { build, stop } from "esbuild";

export async function buildServer() {
  await build({
    entryPoints: { server: "server/main.ts", start: "scripts/start.ts" },
    outdir: "dist",
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
  });
  // esbuild's API keeps a service process until told otherwise: none is left beside the console.
  stop();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
