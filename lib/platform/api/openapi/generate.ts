import { readFileSync } from "node:fs";
import { collectRoutes } from "@/lib/platform/api/openapi/collect";
import { openApiDocument } from "@/lib/platform/api/openapi/document";
import { apiMarkdown } from "@/lib/platform/api/openapi/markdown";

export const DOCUMENT_FILE = "lib/platform/api/openapi/openapi.json";
export const MARKDOWN_FILE = "docs/api.md";

/** The document and docs/api.md as the route files declare them now (npm run docs:api writes both). */
export async function generateApiDocs() {
  const document = openApiDocument(await collectRoutes(), readFileSync("lib/platform/api/openapi/overview.md", "utf8"));
  return { json: `${JSON.stringify(document, null, 2)}\n`, markdown: apiMarkdown(document) };
}
