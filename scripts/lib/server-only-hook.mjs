// Module resolve hook for the production server's API lane (scripts/lib/api-lane.ts): the
// route handlers run in this plain Node process, outside Next.js's bundler, where the
// "server-only" marker's default export throws. Here every module is server code, so it
// resolves to the package's own empty file, as Next.js resolves it for server bundles.
const EMPTY = new URL("../../node_modules/server-only/empty.js", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: EMPTY, shortCircuit: true };
  return nextResolve(specifier, context);
}
