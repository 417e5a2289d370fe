import { route } from "@/lib/platform/api/route";
import { endOtherSessions, listOwnSessions } from "@/lib/users/service";

export const GET = route({ permission: "signed-in", incomplete: true }, async ({ actor: { user } }) => ({
  sessions: (await listOwnSessions(user)).map((s) => ({ ...s, current: s.id === user.sessionId })),
}));

// Signs out every other browser of this user.
export const DELETE = route(
  { permission: "signed-in", incomplete: true, action: "auth.sessions_end" },
  async ({ actor }) => ({
    ended: await endOtherSessions(actor),
  }),
);
