import { route } from "@/lib/platform/api/route";
import { renameViewSchema, viewIdSchema } from "@/lib/saved-views/schemas";
import { deleteView, renameView } from "@/lib/saved-views/service";
import { savedViewCreatedSchema, savedViewDeletedSchema } from "@/lib/saved-views/answers";

export const PATCH = route(
  {
    response: savedViewCreatedSchema,
    doc: {
      tag: "Account",
      summary: "Rename one of your saved views",
      description:
        "`{ name }` → `{ view }`: the same filters under a new name; a name another of your views of the list has is 409 `view_name_taken`; another person's view is 404",
      errors: ["conflict"],
    },
    permission: "signed-in",
    params: viewIdSchema,
    body: renameViewSchema,
    action: "view.rename",
  },
  async ({ params, body, actor }) => ({ view: await renameView(params.id, body.name, actor) }),
);

export const DELETE = route(
  {
    response: savedViewDeletedSchema,
    doc: {
      tag: "Account",
      summary: "Delete one of your saved views",
      description: "deletes one of your views; another person's is 404",
    },
    permission: "signed-in",
    params: viewIdSchema,
    action: "view.delete",
  },
  async ({ params, actor }) => {
    await deleteView(params.id, actor);
    return { deleted: true };
  },
);
