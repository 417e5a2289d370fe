import { route } from "@/lib/platform/api/route";
import { saveViewSchema, viewListQuerySchema } from "@/lib/saved-views/schemas";
import { listViews, saveView } from "@/lib/saved-views/service";
import { createdOnce } from "@/lib/platform/api/idempotency";
import { savedViewCreatedSchema, savedViewListSchema } from "@/lib/saved-views/answers";

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
  {
    response: savedViewCreatedSchema,
    doc: {
      tag: "Account",
      summary: "Save a view of a list",
      description:
        "`{ list, name, query }` (the list's read permission too): saves the list's filters under a name (the query is canonicalised; the same name replaces) → 201",
      idempotencyKey: "optional",
      status: 201,
    },
    permission: "signed-in",
    body: saveViewSchema,
    action: "view.save",
  },
  async ({ req, body, actor }) =>
    createdOnce(req, { userId: actor.user.id, action: "view.save", params: body }, async () => ({
      view: await saveView(body, actor),
    })),
);
