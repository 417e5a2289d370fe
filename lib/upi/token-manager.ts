import "server-only";
import { db } from "@/lib/platform/db";
import { readSecret, SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { tellRenewalFailed } from "@/lib/notifications/credentials";
import { UpiError } from "./errors";
import type { AccessToken } from "./schemas";

type Cached = { token: string; expiry: number; keepUntilExpiry?: boolean };
type TokenMeta = { type: string; expiry: number; permission: string[]; issuedAt: number; keepUntilExpiry?: boolean };

// The last seconds of a token in which it is no longer sent: a request must not arrive
// after its expiry. The real service answers a request for a new token, while one is still
// valid, with that same token and expiry, so early renewal may not be possible at all.
const LAST_SECONDS = 5;

// Any 64-bit number naming the lock; every console instance uses the same one.
const RENEWAL_LOCK = 7_431_002_019n;

/**
 * Renewal takes an advisory lock and re-reads the stored token first, so any number of callers
 * and instances cause one renewal. The real service answers an early renewal with the token we
 * hold: that token is then used to its last seconds rather than asked for again on every call.
 */
export class TokenManager {
  private cached: Cached | null = null;
  private inflight: Promise<string> | null = null;
  renewals = 0;

  /** `issuer` reads the settings before the renewal transaction opens: nothing inside it may wait on another connection. */
  constructor(
    private readonly issuer: () => Promise<(privateKey: string) => Promise<AccessToken>>,
    // `check` runs before the in-memory token is used; it may reset() it (lib/upi/index.ts: a change heard on the configuration bus).
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

  /** A token other than `stale` (the one the API just refused), renewing if needed. */
  renew(stale: string | null): Promise<string> {
    this.inflight ??= this.renewLocked(stale).finally(() => (this.inflight = null));
    return this.inflight;
  }

  private async renewLocked(stale: string | null): Promise<string> {
    const issue = await this.issuer();
    const cached = await this.renewal(issue, stale).catch(async (error: unknown) => {
      // The admins are told (once a day) that the token may stop working (issue 35).
      if (error instanceof UpiError && error.code !== "not_configured") await tellRenewalFailed(error.code);
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
        // The same token back: the service does not renew early. Keep it to its last seconds.
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

  /** Forget the in-memory copy (the private key, the token or the payment base URL changed): the next call reads the stored token again. */
  reset() {
    this.cached = null;
  }
}
