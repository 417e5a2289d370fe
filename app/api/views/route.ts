import { route } from "@/lib/platform/api/route";
import { saveViewSchema, viewListQuerySchema } from "@/lib/saved-views/schemas";
import { listViews, saveView } from "@/lib/saved-views/service";
import { json } from "@/lib/platform/api/responses";

export const GET = route({ permission: "signed-in", query: viewListQuerySchema }, async ({ query, actor }) => ({
  views: await listViews(actor.user, query.list),
}));

export const POST = route(
  { permission: "signed-in", body: saveViewSchema, action: "view.save" },
  async ({ body, actor }) => json({ view: await saveView(body, actor) }, 201),
);
