import { route } from "@/lib/platform/api/route";
import { viewIdSchema } from "@/lib/saved-views/schemas";
import { deleteView } from "@/lib/saved-views/service";
import { savedViewDeletedSchema } from "@/lib/saved-views/answers";

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
