import { route } from "@/lib/platform/api/route";
import { endOtherSessions, listOwnSessions } from "@/lib/users/service";
import { endedSessionsSchema, ownSessionsSchema } from "@/lib/users/answers";

export const GET = route(
  {
    response: ownSessionsSchema,
    doc: {
      tag: "Account",
      summary: "List your live sessions",
      description: "your live sessions (at most 20, newest first), the current one marked `current`",
    },
    permission: "signed-in",
    incomplete: true,
  },
  async ({ actor: { user } }) => ({
    sessions: (await listOwnSessions(user)).map((s) => ({ ...s, current: s.id === user.sessionId })),
  }),
);

export const DELETE = route(
  {
    response: endedSessionsSchema,
    doc: {
      tag: "Account",
      summary: "Sign out your other sessions",
      description: "signs out all your other sessions: `{ ended }`",
    },
    permission: "signed-in",
    incomplete: true,
    action: "auth.sessions_end",
  },
  async ({ actor }) => ({
    ended: await endOtherSessions(actor),
  }),
);
