// Compiles the console's server (server/main.ts) and its launcher (scripts/start.ts) to
// plain JavaScript in dist/, once per `npm start`, `npm run dev` and `npm test` (under a
// second): production runs no transpiler, and node_modules stay outside the bundle, so
// `server-only` keeps guarding — a module that imports it cannot run in the server.
import { fileURLToPath } from "node:url";
import { build, stop } from "esbuild";

// A domain's face (lib/<domain>/index.ts) re-exports all that the other domains call, some of
// it Next-only (`server-only`): lib/ is side-effect free here, so the bundle holds only the
// modules whose exports the server uses, not every module behind a face it reads.
const libWithoutSideEffects = {
  name: "lib-without-side-effects",
  setup(b) {
    const lib = fileURLToPath(new URL("../lib/", import.meta.url));
    b.onResolve({ filter: /^(@\/lib\/|\.)/ }, async ({ path, kind, importer, resolveDir, pluginData }) => {
      if (pluginData === "inner") return undefined;
      const found = await b.resolve(path, { kind, importer, resolveDir, pluginData: "inner" });
      if (found.errors.length > 0 || !found.path.startsWith(lib)) return undefined;
      return { path: found.path, sideEffects: false };
    });
  },
};

/** What dist/ is built with (scripts/build-server.test.ts reads what it would hold). */
export const serverBuild = {
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
  plugins: [libWithoutSideEffects],
};

export async function buildServer() {
  await build(serverBuild);
  // esbuild's API keeps a service process until told otherwise: none is left beside the console.
  stop();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
