import { route } from "@/lib/platform/api/route";
import { chatChannelsStatus } from "@/lib/notifications/chat-channels";
import { chatChannelsSchema } from "@/lib/notifications/answers";

export const GET = route(
  {
    response: chatChannelsSchema,
    doc: {
      tag: "Administration",
      summary: "Read the team chat channels",
      description:
        "the team chat channels (`manager`, `finance`, `ops`, `admin`): `{ channels: [{ team, set, format, hint, signed, updatedAt, updatedBy, last }], email: { configured, last } }` — a URL only as its host and last four characters (`hint`), never whole; `last` is `{ lastSuccessAt, lastFailureAt, lastError }` of the channel (or of SMTP) or null",
    },
    permission: "settings.manage",
  },
  async () => chatChannelsStatus(),
);
