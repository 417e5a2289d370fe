import { route } from "@/lib/platform/api/route";
import { chatChannelsStatus } from "@/lib/notifications/chat-channels";

export const GET = route({ permission: "settings.manage" }, async () => chatChannelsStatus());
