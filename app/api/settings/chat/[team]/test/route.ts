import { route } from "@/lib/platform/api/route";
import { sendTestMessage } from "@/lib/notifications/chat-channels";
import { chatTeamSchema } from "@/lib/notifications/schemas";
import { chatTestSchema } from "@/lib/notifications/answers";

// It posts to the stored URL only (nothing secret travels): no step-up.
export const POST = route(
  {
    response: chatTestSchema,
    doc: {
      tag: "Administration",
      summary: "Send a test chat message",
      description:
        "post a test message to the channel now: `{ ok, error, channels, email }` with the receiver's or the connection's reason (never the URL); recorded as the channel's last result and audited; 422 `chat_not_set` without a URL",
    },
    permission: "settings.manage",
    params: chatTeamSchema,
    action: "settings.chat.test",
  },
  async ({ params, actor }) => sendTestMessage(params.team, actor),
);
