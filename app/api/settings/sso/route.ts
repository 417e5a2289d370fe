import { route } from "@/lib/platform/api/route";
import { ssoStatus } from "@/lib/sso/config";

export const GET = route({ permission: "settings.manage" }, async ({ req }) => ssoStatus(req.nextUrl.origin));
