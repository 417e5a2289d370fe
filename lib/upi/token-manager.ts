import "server-only";
import { db } from "@/lib/platform/db";
import { readSecret, SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { UpiError } from "./errors";
import type { AccessToken } from "./schemas";

type Cached = { token: string; expiry: number; keepUntilExpiry?: boolean };
type TokenMeta = { type: string; expiry: number; permission: string[]; issuedAt: number; keepUntilExpiry?: boolean };

// A token is not sent in its last seconds; the service answers a renewal while valid with the same token.
const LAST_SECONDS = 5;

const RENEWAL_LOCK = 7_431_002_019n;

// Who hears that a renewal failed: the admins' notice, installed when a server starts
// (instrumentation.ts): the client stands below the notifications. On globalThis: Next
// compiles lib/ into several bundles, and every one of them renews.
const TELLER = Symbol.for("merchant-console.upi.renewal-failed");
const holder = globalThis as unknown as { [TELLER]?: (code: string) => Promise<void> };

/** Sets who is told of a failed renewal, by the service's error code. */
export function tellRenewalFailuresTo(tell: (code: string) => Promise<void>): void {
  holder[TELLER] = tell;
}

/** Renewal takes an advisory lock and re-reads the stored token first. */
export class TokenManager {
  private cached: Cached | null = null;
  private inflight: Promise<string> | null = null;
  renewals = 0;

  constructor(
    private readonly issuer: () => Promise<(privateKey: string) => Promise<AccessToken>>,
    private readonly options: { renewBeforeSeconds?: number; now?: () => number; check?: () => void } = {},
  ) {}

  private now() {
    return this.options.now?.() ?? Math.floor(Date.now() / 1000);
  }

  private fresh(t: { expiry: number; keepUntilExpiry?: boolean }) {
    const left = t.expiry - this.now();
    return left > (t.keepUntilExpiry ? LAST_SECONDS : (this.options.renewBeforeSeconds ?? 300));
  }

  async get(): Promise<string> {
    this.options.check?.();
    if (this.cached && this.fresh(this.cached)) return this.cached.token;
    return this.renew(null);
  }

  renew(stale: string | null): Promise<string> {
    this.inflight ??= this.renewLocked(stale).finally(() => (this.inflight = null));
    return this.inflight;
  }

  private async renewLocked(stale: string | null): Promise<string> {
    const issue = await this.issuer();
    const cached = await this.renewal(issue, stale).catch(async (error: unknown) => {
      if (error instanceof UpiError && error.code !== "not_configured") await holder[TELLER]?.(error.code);
      throw error;
    });
    this.cached = cached;
    return cached.token;
  }

  private renewal(issue: (privateKey: string) => Promise<AccessToken>, stale: string | null) {
    return db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RENEWAL_LOCK})`;
        const stored = await readSecret(SECRET_NAMES.accessToken, tx);
        const meta = stored?.meta as TokenMeta | undefined;
        if (stored && meta && stored.value !== stale && this.fresh(meta)) {
          return { token: stored.value, expiry: meta.expiry, keepUntilExpiry: meta.keepUntilExpiry };
        }
        const privateKey = await readSecret(SECRET_NAMES.privateKey, tx);
        if (!privateKey) throw new UpiError("not_configured", null, "no private key is set", "failed");
        const issued = await issue(privateKey.value);
        this.renewals += 1;
        const keepUntilExpiry = issued.access_token === stored?.value && issued.access_token !== stale;
        const newMeta: TokenMeta = {
          type: issued.token_type,
          expiry: issued.expiry,
          permission: issued.permission,
          issuedAt: this.now(),
          keepUntilExpiry,
        };
        await writeSecret(SECRET_NAMES.accessToken, issued.access_token, { meta: newMeta, by: "token-manager" }, tx);
        return { token: issued.access_token, expiry: issued.expiry, keepUntilExpiry };
      },
      { timeout: 60_000, maxWait: 60_000 },
    );
  }

  reset() {
    this.cached = null;
  }
}
