import { route } from "@/lib/platform/api/route";
import { viewIdSchema } from "@/lib/saved-views/schemas";
import { deleteView } from "@/lib/saved-views/service";

export const DELETE = route(
  { permission: "signed-in", params: viewIdSchema, action: "view.delete" },
  async ({ params, actor }) => {
    await deleteView(params.id, actor);
    return { deleted: true };
  },
);
