import { db } from "@/lib/platform/db";
import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { themeSchema } from "@/lib/platform/theme-schema";

// The person's own theme, remembered on their user (every device they sign in on). Anyone
// signed in, for themselves only; not audited: it changes how the console looks to one person.
export const PUT = route(
  { permission: "signed-in", incomplete: true, body: themeSchema, action: "account.theme.update" },
  async ({ body, actor }) => {
    const theme = body.theme === "system" ? null : body.theme;
    await db.user.update({ where: { id: actor.user.id }, data: { theme } });
    return json({ theme: body.theme });
  },
);
