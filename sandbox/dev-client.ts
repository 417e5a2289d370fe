import { DEFAULT_MERCHANT } from "./store";

/** A server token from a running sandbox, for tests, benchmarks and walkthrough scripts. */
export async function serverToken(baseUrl: string, privateKey = DEFAULT_MERCHANT.privateKey): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/access-tokens`, {
    method: "POST",
    headers: { Authorization: `Bearer ${privateKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ token_type: "server" }),
  });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`the sandbox at ${baseUrl} issued no token (HTTP ${res.status})`);
  return body.data.access_token;
}
