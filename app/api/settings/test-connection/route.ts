import { route } from "@/lib/platform/api/route";
import { testConnection } from "@/lib/settings/credentials";
import { preferencesOf } from "@/lib/platform/i18n/server";

// It sends the private key to the configured base URL, so it needs a fresh second factor.
export const POST = route(
  { permission: "settings.manage", action: "settings.test_connection", stepUp: true },
  async ({ actor }) => testConnection(actor, (await preferencesOf(actor.user)).locale),
);
