import { route } from "@/lib/api/route";
import { declarationIdSchema } from "@/lib/declarations/schemas";
import { getDeclaration } from "@/lib/declarations/service";

export const GET = route({ permission: "customs.read", params: declarationIdSchema }, async ({ params }) => ({ declaration: await getDeclaration(params.id) }));
