import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { getPreferences, setPreferences } from "@/lib/notifications/preferences";
import { preferencesSchema } from "@/lib/notifications/schemas";

// The reader's own choice per event (e-mail or console only); anyone signed in, for themselves.
export const GET = route({ permission: "signed-in" }, async ({ actor }) =>
  json({ preferences: await getPreferences(actor.user.id) }),
);

export const PUT = route(
  { permission: "signed-in", body: preferencesSchema, action: "notifications.preferences.update" },
  async ({ body, actor }) => json({ preferences: await setPreferences(actor.user.id, body.email) }),
);
