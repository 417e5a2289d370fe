import { route } from "@/lib/api/route";
import { clientInfo } from "@/lib/audit/log";
import { testConnection } from "@/lib/settings/credentials";

export const POST = route({ permission: "settings.manage", action: "settings.test_connection" }, async ({ user, req }) =>
  testConnection(user, clientInfo(req.headers)),
);
