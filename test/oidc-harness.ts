import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

// A real OpenID Provider (the oidc-provider package) on loopback for the single sign-on tests:
// the console's client and another one, people with groups, a login that finishes by itself as
// whoever the test names (with the amr/acr it names), keys that rotate on demand, a count of the
// token requests, and a way to hand the console an ID token issued to the other client.

export type Account = { email: string; email_verified?: boolean; name?: string; groups?: string[] };
export const CONSOLE_CLIENT = { id: "merchant-console", secret: "console-client-secret-0123" };
const OTHER_CLIENT = { id: "other-app", secret: "other-client-secret-0123" };

async function newKey() {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  return {
    ...(await exportJWK(privateKey)),
    kid: `k-${Math.random().toString(36).slice(2, 10)}`,
    alg: "RS256",
    use: "sig",
  };
}

export type Login = { account: string; amr?: string[]; acr?: string };

export async function startOidcProvider(redirectUri: string, accounts: Record<string, Account>) {
  let server: Server | null = null;
  let provider: Provider;
  let keys = [await newKey()];
  const state = { login: { account: "" } as Login, tokenRequests: 0, substitute: null as string | null };

  const build = (issuer: string) => {
    const p = new Provider(issuer, {
      clients: [
        { client_id: CONSOLE_CLIENT.id, client_secret: CONSOLE_CLIENT.secret, redirect_uris: [redirectUri] },
        {
          client_id: OTHER_CLIENT.id,
          client_secret: OTHER_CLIENT.secret,
          redirect_uris: ["http://127.0.0.1/other/cb"],
        },
      ],
      jwks: { keys },
      cookies: { keys: ["oidc-harness-cookie-key"] },
      claims: {
        openid: ["sub", "acr", "amr", "auth_time"],
        email: ["email", "email_verified"],
        profile: ["name", "groups"],
      },
      conformIdTokenClaims: false,
      ttl: { Grant: 600, Session: 600, AccessToken: 600, IdToken: 3600, Interaction: 600, AuthorizationCode: 60 },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({ sub, ...accounts[sub] }),
      }),
    });
    p.proxy = false;
    return p;
  };

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: state.login.account, clientId });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(req, res, {
      login: { accountId: state.login.account, amr: state.login.amr, acr: state.login.acr },
      consent: { grantId: await grant.save() },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.url?.startsWith("/interaction/")) return interaction(req, res);
    if (req.url?.startsWith("/token") && req.method === "POST") {
      state.tokenRequests++;
      if (state.substitute) return substituted(req, res);
    }
    provider.callback()(req, res);
  }

  // Token substitution: the real answer, with its ID token swapped for one issued to another client.
  function substituted(req: IncomingMessage, res: ServerResponse) {
    const idToken = state.substitute!;
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const chunks: Buffer[] = [];
    res.write = ((chunk: Buffer | string) => {
      chunks.push(Buffer.from(chunk));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: Buffer | string) => {
      if (chunk) chunks.push(Buffer.from(chunk));
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}");
      if (body.id_token) body.id_token = idToken;
      const text = JSON.stringify(body);
      res.setHeader("content-length", Buffer.byteLength(text));
      write(text);
      return end();
    }) as typeof res.end;
    provider.callback()(req, res);
  }

  server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = build(issuer);

  /** Follows the browser's redirects through the provider until it comes back to the redirect URI. */
  async function authorize(url: string, login: Login, until = redirectUri): Promise<URL> {
    state.login = login;
    const jar = new Map<string, string>();
    let next = url;
    for (let hop = 0; hop < 10; hop++) {
      const res = await fetch(next, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [k, ...v] = pair!.split("=");
        jar.set(k!.trim(), v.join("="));
      }
      const location = res.headers.get("location");
      if (!location) throw new Error(`the provider stopped at ${next}: ${res.status} ${await res.text()}`);
      const target = new URL(location, next);
      if (target.toString().startsWith(until)) return target;
      next = target.toString();
    }
    throw new Error("too many redirects");
  }

  /** A genuine ID token from this provider, issued to the other client, carrying the given nonce. */
  async function otherClientIdToken(login: Login, nonce: string): Promise<string> {
    const auth = new URL(`${issuer}/auth`);
    auth.search = new URLSearchParams({
      response_type: "code",
      client_id: OTHER_CLIENT.id,
      redirect_uri: "http://127.0.0.1/other/cb",
      scope: "openid email profile",
      nonce,
      state: "other",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    }).toString();
    const back = await authorize(auth.toString(), login, "http://127.0.0.1/other/cb");
    const res = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${OTHER_CLIENT.id}:${OTHER_CLIENT.secret}`).toString("base64")}`,
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: back.searchParams.get("code")!,
        redirect_uri: "http://127.0.0.1/other/cb",
        code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
      }),
    });
    return ((await res.json()) as { id_token: string }).id_token;
  }

  return {
    issuer,
    state,
    authorize,
    otherClientIdToken,
    /** A new signing key; the old one is no longer published (the provider rotated). */
    async rotate() {
      keys = [await newKey()];
      provider = build(issuer);
    },
    stop: () => new Promise<void>((resolve) => server!.close(() => resolve())),
  };
}
