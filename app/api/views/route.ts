import { route } from "@/lib/platform/api/route";
import { saveViewSchema, viewListQuerySchema } from "@/lib/saved-views/schemas";
import { listViews, saveView } from "@/lib/saved-views/service";
import { createdOnce } from "@/lib/platform/api/idempotency";

export const GET = route({ permission: "signed-in", query: viewListQuerySchema }, async ({ query, actor }) => ({
  views: await listViews(actor.user, query.list),
}));

export const POST = route(
  { permission: "signed-in", body: saveViewSchema, action: "view.save" },
  async ({ req, body, actor }) =>
    createdOnce(req, { userId: actor.user.id, action: "view.save", params: body }, async () => ({
      view: await saveView(body, actor),
    })),
);
