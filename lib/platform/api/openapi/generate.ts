import { readFileSync } from "node:fs";
import { collectRoutes } from "@/lib/api/openapi/collect";
import { openApiDocument } from "@/lib/api/openapi/document";
import { apiMarkdown } from "@/lib/api/openapi/markdown";

export const DOCUMENT_FILE = "lib/api/openapi/openapi.json";
export const MARKDOWN_FILE = "docs/api.md";

/** The document and docs/api.md as the route files declare them now (npm run docs:api writes both). */
export async function generateApiDocs() {
  const document = openApiDocument(await collectRoutes(), readFileSync("lib/api/openapi/overview.md", "utf8"));
  return { json: `${JSON.stringify(document, null, 2)}\n`, markdown: apiMarkdown(document) };
}
