import { route } from "@/lib/platform/api/route";
import { saveViewSchema, viewListQuerySchema } from "@/lib/saved-views/schemas";
import { listViews, saveView } from "@/lib/saved-views/service";
import { createdOnce } from "@/lib/platform/api/idempotency";
import { savedViewListSchema } from "@/lib/saved-views/answers";

export const GET = route(
  {
    response: savedViewListSchema,
    doc: {
      tag: "Account",
      summary: "List your saved views of a list",
      description:
        "your saved views of a list (the list's read permission too): `{ views: [{ id, list, name, query, href, createdAt }] }`",
    },
    permission: "signed-in",
    query: viewListQuerySchema,
  },
  async ({ query, actor }) => ({
    views: await listViews(actor.user, query.list),
  }),
);

export const POST = route(
  { permission: "signed-in", body: saveViewSchema, action: "view.save" },
  async ({ req, body, actor }) =>
    createdOnce(req, { userId: actor.user.id, action: "view.save", params: body }, async () => ({
      view: await saveView(body, actor),
    })),
);
