import { route } from "@/lib/platform/api/route";
import { removeChatChannel, setChatChannel } from "@/lib/notifications/chat-channels";
import { chatChannelSchema, chatTeamSchema } from "@/lib/notifications/schemas";

// A chat URL is a bearer secret, as the credentials are: setting, repointing or removing one
// needs a fresh second factor.
export const PUT = route(
  {
    permission: "settings.manage",
    params: chatTeamSchema,
    body: chatChannelSchema,
    action: "settings.chat.set",
    stepUp: true,
  },
  async ({ params, body, actor }) => setChatChannel(params.team, body, actor),
);

export const DELETE = route(
  { permission: "settings.manage", params: chatTeamSchema, action: "settings.chat.remove", stepUp: true },
  async ({ params, actor }) => removeChatChannel(params.team, actor),
);
