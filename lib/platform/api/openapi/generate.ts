import { readFileSync } from "node:fs";
import { collectRoutes } from "@/lib/platform/api/openapi/collect";
import { openApiDocument } from "@/lib/platform/api/openapi/document";
import { apiMarkdown } from "@/lib/platform/api/openapi/markdown";
import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const DOCUMENT_FILE = "app/api/openapi.json/openapi.json";
const OVERVIEW_FILE = "app/api/openapi.json/overview.md";
export const MARKDOWN_FILE = "docs/api.md";

/** The document and docs/api.md as the route files declare them now (npm run docs:api writes both). */
export async function generateApiDocs(areas: RouteArea[]) {
  const document = openApiDocument(await collectRoutes(), readFileSync(OVERVIEW_FILE, "utf8"), areas);
  return { json: `${JSON.stringify(document, null, 2)}\n`, markdown: apiMarkdown(document) };
}
