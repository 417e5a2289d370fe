import { route } from "@/lib/platform/api/route";
import { pendingResponse } from "@/lib/platform/api/responses";
import { chatChannelSchema, chatTeamSchema } from "@/lib/notifications/schemas";
import { requestChatRemove, requestChatSet } from "@/lib/pending-changes/credentials";

// A chat URL is a bearer secret, as the credentials are: setting, repointing or removing one
// needs a fresh second factor and, once the merchant has had two admins, the other's approval (202).
export const PUT = route(
  {
    permission: "settings.manage",
    params: chatTeamSchema,
    body: chatChannelSchema,
    action: "settings.chat.set",
    stepUp: true,
  },
  async ({ params, body, actor }) => {
    const outcome = await requestChatSet(params.team, body, actor);
    return "pendingChange" in outcome ? pendingResponse(outcome.pendingChange) : outcome.applied;
  },
);

export const DELETE = route(
  { permission: "settings.manage", params: chatTeamSchema, action: "settings.chat.remove", stepUp: true },
  async ({ params, actor }) => {
    const outcome = await requestChatRemove(params.team, actor);
    return "pendingChange" in outcome ? pendingResponse(outcome.pendingChange) : outcome.applied;
  },
);
