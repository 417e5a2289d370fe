import { db } from "@/lib/platform/db";
import { route } from "@/lib/platform/api/route";
import { json } from "@/lib/platform/api/responses";
import { themeSchema } from "@/lib/platform/theme-schema";
import { ownThemeSchema } from "@/lib/users/answers";

// Not audited: it changes how the console looks to one person.
export const PUT = route(
  {
    response: ownThemeSchema,
    doc: {
      tag: "Account",
      summary: "Choose your theme",
      description:
        '`{ theme: "system" | "light" | "dark" }` → `{ theme }`: the header switch\'s choice, kept on your user for every device ("system", stored as null, follows the operating system\'s setting)',
    },
    permission: "signed-in",
    incomplete: true,
    body: themeSchema,
    action: "account.theme.update",
  },
  async ({ body, actor }) => {
    const theme = body.theme === "system" ? null : body.theme;
    await db.user.update({ where: { id: actor.user.id }, data: { theme } });
    return json({ theme: body.theme });
  },
);
