// The sandbox's webhook secret is published (sandbox/README.md).

export const SANDBOX_WEBHOOK_SECRET = "whsec_sandbox_default";

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether the payment base URL is the bundled sandbox: a loopback host, where local mode runs it. */
export function isLocalSandbox(upiBaseUrl: string): boolean {
  try {
    return LOOPBACK.test(new URL(upiBaseUrl).hostname);
  } catch {
    return false;
  }
}

/** The secret to verify with: the well-known one only while the console talks to the local sandbox. */
export function usableSecret(secret: string | null, upiBaseUrl: string, production: boolean): string | null {
  if (secret !== SANDBOX_WEBHOOK_SECRET) return secret;
  return !production && isLocalSandbox(upiBaseUrl) ? secret : null;
}
