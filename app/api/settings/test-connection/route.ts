import { route } from "@/lib/platform/api/route";
import { testConnection } from "@/lib/settings/credentials";
import { preferencesOf } from "@/lib/platform/i18n/server";
import { connectionTestSchema } from "@/lib/settings/answers";

// It sends the private key to the configured base URL, so it needs a fresh second factor.
export const POST = route(
  {
    response: connectionTestSchema,
    doc: {
      tag: "Administration",
      summary: "Test the payment service connection",
      description:
        "issue a token with the stored key; `{ ok, message, token? }` — the message never names the address or the kind of failure; success verifies a changed payment base URL",
    },
    permission: "settings.manage",
    action: "settings.test_connection",
    stepUp: true,
  },
  async ({ actor }) => testConnection(actor, (await preferencesOf(actor.user)).locale),
);
