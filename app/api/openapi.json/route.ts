import { route } from "@/lib/platform/api/route";
import document from "./openapi.json";

// Written by npm run docs:api from the route handlers' declarations; a unit test keeps it current.
export const GET = route({ doc: {tag: "System", summary: "This reference as OpenAPI 3.1", description: "this reference as an OpenAPI 3.1 document, generated from the route handlers' own zod schemas (`npm run docs:api` writes it and docs/api.md)"},  permission: "signed-in" }, async () => document);
