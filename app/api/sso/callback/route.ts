import { route } from "@/lib/platform/api/route";
import { seeOther } from "@/lib/platform/api/responses";
import { config } from "@/lib/platform/config";
import { SSO_TICKET_COOKIE } from "@/lib/platform/auth/sso-ticket";
import { redirectUri } from "@/lib/sso/config";
import { finishSignIn } from "@/lib/sso/callback";
import { SSO_STATE_COOKIE } from "@/lib/sso/start";

// The identity provider sends the browser back here. No session is opened: a refusal goes to the
// sign-in page saying why, a verified person to the sign-in page's last step (the ticket cookie).
export const GET = route(
  {
    doc: {
      tag: "System",
      summary: "Finish company sign-in (redirect URI)",
      description:
        "the redirect URI: checks state (once, this browser's), issuer (RFC 9207), exchanges the code, verifies the ID token (signature, issuer, audience, expiry, nonce) and maps the groups to a role; 303 to `/login?sso=finish|code` with a one-time ticket cookie, or to `/login?sso_error=unmapped|unavailable|unverified_email|disabled|denied|failed|off`; opens no session itself",
      access: "none (the state cookie and the provider's code)",
    },
    permission: "public",
  },
  async ({ req, actor }) => {
    const finished = await finishSignIn(
      {
        query: req.nextUrl.searchParams,
        stateCookie: req.cookies.get(SSO_STATE_COOKIE)?.value ?? null,
        redirectUri: redirectUri(req.nextUrl.origin),
      },
      actor,
    );
    const secure = (config().auth.url ?? req.nextUrl.origin).startsWith("https://");
    const cleared = { name: SSO_STATE_COOKIE, value: "", path: "/api/sso", maxAge: 0, secure };
    if (!finished.ok) return seeOther(`/login?sso_error=${finished.reason}`, [cleared]);
    const next = new URLSearchParams({
      sso: finished.needsCode ? "code" : "finish",
      callbackUrl: finished.callbackUrl,
    });
    return seeOther(`/login?${next}`, [
      cleared,
      { name: SSO_TICKET_COOKIE, value: finished.ticket, path: "/api/auth", maxAge: finished.maxAge, secure },
    ]);
  },
);
