import "server-only";
import { db } from "@/lib/db";
import { readSecret, SECRET_NAMES, writeSecret } from "@/lib/secrets/store";
import { UpiError } from "./errors";
import type { AccessToken } from "./schemas";

type Cached = { token: string; expiry: number };
type TokenMeta = { type: string; expiry: number; permission: string[]; issuedAt: number };

// Any 64-bit number naming the lock; every console instance uses the same one.
const RENEWAL_LOCK = 7_431_002_019n;

/**
 * The server token: issued with the private key, stored encrypted with its expiry,
 * renewed before it expires. Renewal takes a PostgreSQL advisory lock and re-reads the
 * stored token first, so twenty concurrent callers or several instances cause one
 * renewal; callers in this process also share one in-flight renewal.
 */
export class TokenManager {
  private cached: Cached | null = null;
  private inflight: Promise<string> | null = null;
  renewals = 0;

  /**
   * `issuer` resolves what issuing needs (the settings) and answers the function that
   * issues a token with a private key. It runs before the renewal transaction opens, so
   * nothing inside the transaction waits on another database connection — with the
   * embedded PostgreSQL, which serves one transaction at a time, that wait never ends.
   */
  constructor(
    private readonly issuer: () => Promise<(privateKey: string) => Promise<AccessToken>>,
    private readonly options: { renewBeforeSeconds?: number; now?: () => number } = {},
  ) {}

  private now() {
    return this.options.now?.() ?? Math.floor(Date.now() / 1000);
  }

  private fresh(expiry: number) {
    return expiry - this.now() > (this.options.renewBeforeSeconds ?? 300);
  }

  async get(): Promise<string> {
    if (this.cached && this.fresh(this.cached.expiry)) return this.cached.token;
    return this.renew(null);
  }

  /** A token other than `stale` (the one the API just refused), renewing if needed. */
  renew(stale: string | null): Promise<string> {
    this.inflight ??= this.renewLocked(stale).finally(() => (this.inflight = null));
    return this.inflight;
  }

  private async renewLocked(stale: string | null): Promise<string> {
    const issue = await this.issuer();
    const cached = await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${RENEWAL_LOCK})`;
        const stored = await readSecret(SECRET_NAMES.accessToken, tx);
        const meta = stored?.meta as TokenMeta | undefined;
        if (stored && meta && stored.value !== stale && this.fresh(meta.expiry)) return { token: stored.value, expiry: meta.expiry };
        const privateKey = await readSecret(SECRET_NAMES.privateKey, tx);
        if (!privateKey) throw new UpiError("not_configured", null, "no private key is set", "failed");
        const issued = await issue(privateKey.value);
        this.renewals += 1;
        const newMeta: TokenMeta = { type: issued.token_type, expiry: issued.expiry, permission: issued.permission, issuedAt: this.now() };
        await writeSecret(SECRET_NAMES.accessToken, issued.access_token, { meta: newMeta, by: "token-manager" }, tx);
        return { token: issued.access_token, expiry: issued.expiry };
      },
      { timeout: 60_000, maxWait: 60_000 },
    );
    this.cached = cached;
    return cached.token;
  }

  /** Forget the in-memory copy (after the private key changes). */
  reset() {
    this.cached = null;
  }
}
