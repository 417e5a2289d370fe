import { route } from "@/lib/platform/api/route";
import { declarationIdSchema } from "@/lib/declarations/schemas";
import { getDeclaration } from "@/lib/declarations/view";

export const GET = route({ permission: "customs.read", params: declarationIdSchema }, async ({ params }) => ({
  declaration: await getDeclaration(params.id),
}));
