import { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { seeOther } from "@/lib/platform/api/responses";
import { config } from "@/lib/platform/config";
import { redirectUri } from "@/lib/sso/config";
import { ATTEMPT_MINUTES, SSO_STATE_COOKIE, startSignIn } from "@/lib/sso/start";

// The company sign-in button: off to the identity provider, with this browser's state in a cookie.
export const GET = route(
  {
    doc: {
      tag: "System",
      summary: "Start company sign-in",
      description:
        "the company sign-in button: 303 to the identity provider's authorization endpoint (code flow, PKCE S256, state and nonce), the state in an HttpOnly cookie; 303 to `/login?sso_error=off|unavailable` when SSO is off or the provider does not answer. `callbackUrl`: a same-origin path to return to",
      access: "none (before sign-in)",
    },
    permission: "public",
    query: z.object({ callbackUrl: z.string().max(2000).optional().catch(undefined) }),
  },
  async ({ req, query, actor }) => {
    const started = await startSignIn(
      { callbackUrl: query.callbackUrl, redirectUri: redirectUri(req.nextUrl.origin) },
      actor,
    );
    if (!started.ok) return seeOther(`/login?sso_error=${started.reason}`);
    const secure = (config().auth.url ?? req.nextUrl.origin).startsWith("https://");
    return seeOther(started.url, [
      { name: SSO_STATE_COOKIE, value: started.state, path: "/api/sso", maxAge: ATTEMPT_MINUTES * 60, secure },
    ]);
  },
);
