import { route } from "@/lib/platform/api/route";
import { sendTestMessage } from "@/lib/notifications/chat-channels";
import { chatTeamSchema } from "@/lib/notifications/schemas";

// It posts to the stored URL only (nothing secret travels): no step-up.
export const POST = route(
  { permission: "settings.manage", params: chatTeamSchema, action: "settings.chat.test" },
  async ({ params, actor }) => sendTestMessage(params.team, actor),
);
