import { route } from "@/lib/platform/api/route";
import document from "@/lib/platform/api/openapi/openapi.json";

// Written by npm run docs:api from the route handlers' declarations; a unit test keeps it current.
export const GET = route({ permission: "signed-in" }, async () => document);
