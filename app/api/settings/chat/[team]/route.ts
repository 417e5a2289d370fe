import { answerOutcome } from "@/lib/pending-changes/store";
import { pendingChangeClosedSchema } from "@/lib/pending-changes/answers";
import { route } from "@/lib/platform/api/route";
import { chatChannelSchema, chatTeamSchema } from "@/lib/notifications/schemas";
import { requestChatRemove, requestChatSet } from "@/lib/pending-changes/credentials";
import { chatChannelsSchema } from "@/lib/notifications/answers";

// A chat URL is a bearer secret, as the credentials are: setting, repointing or removing one
// needs a fresh second factor and, once the merchant has had two admins, the other's approval (202).
export const PUT = route(
  {
    response: chatChannelsSchema,
    doc: {
      tag: "Administration",
      summary: "Set a team chat channel",
      description:
        "step-up; set or repoint a team channel `{ format: slack | wecom | dingtalk, url, secret? }` (`secret`: DingTalk's signing secret, left out keeps the stored one); the URL and secret are stored encrypted; in production a URL reaching a loopback, private, link-local or metadata address is refused (`internal_address`), as is plain http (`https_required`); audited; answers as GET",
      pending: pendingChangeClosedSchema,
    },
    permission: "settings.manage",
    params: chatTeamSchema,
    body: chatChannelSchema,
    action: "settings.chat.set",
    stepUp: true,
  },
  async ({ params, body, actor }) => {
    const outcome = await requestChatSet(params.team, body, actor);
    return answerOutcome(outcome, (applied) => applied);
  },
);

export const DELETE = route(
  {
    response: chatChannelsSchema,
    doc: {
      tag: "Administration",
      summary: "Remove a team chat channel",
      description:
        "step-up; remove a team channel (its events go by e-mail and the console only; messages not sent yet fail as `channel removed`); audited; answers as GET",
      pending: pendingChangeClosedSchema,
    },
    permission: "settings.manage",
    params: chatTeamSchema,
    action: "settings.chat.remove",
    stepUp: true,
  },
  async ({ params, actor }) => {
    const outcome = await requestChatRemove(params.team, actor);
    return answerOutcome(outcome, (applied) => applied);
  },
);
