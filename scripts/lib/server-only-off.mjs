// `server-only` throws outside Next's server build; a script that imports route modules to read
// their declarations (npm run docs:api) loads it as an empty module, as the unit tests do.
import { register } from "node:module";

const hook = `export async function resolve(specifier, context, next) {
  return specifier === "server-only" ? { url: "data:text/javascript,", shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
