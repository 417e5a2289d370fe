// npm run docs:api: writes the OpenAPI document GET /api/openapi.json serves and docs/api.md,
// both from the route handlers' own declarations. app/api/openapi.json/openapi.test.ts fails until
// they are written again after a route changes.
import { writeFileSync } from "node:fs";

// Route modules are imported to read their declarations, never called: nothing connects.
process.env.DATABASE_URL ??= "postgresql://docs@127.0.0.1:1/none";
const { DOCUMENT_FILE, MARKDOWN_FILE, generateApiDocs } = await import("../lib/platform/api/openapi/generate");
const { API_AREAS } = await import("../app/api/openapi.json/areas");
const { json, markdown } = await generateApiDocs(API_AREAS);
writeFileSync(DOCUMENT_FILE, json);
writeFileSync(MARKDOWN_FILE, markdown);
console.log(`wrote ${DOCUMENT_FILE} and ${MARKDOWN_FILE}`);
process.exit(0);
