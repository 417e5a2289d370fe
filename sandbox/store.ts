import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { emptyState, type Merchant, type State } from "./state";

export const DEFAULT_MERCHANT: Omit<Merchant, "id"> = {
  name: "Sandbox merchant",
  privateKey: "sk_sandbox_default_private_key",
  webhookSecret: "whsec_sandbox_default",
  customsToken: "ct_sandbox_default",
  tokenTtlSeconds: 24 * 60 * 60,
  webhookFormat: "json",
  defaultIpnUrl: null,
};

/** A request as heard; `query` is the query string's parameters (a consult's are its whole input). */
export type HeardRequest = { method: string; path: string; at: number; body: unknown; query: Record<string, string> };
const HEARD_KEPT = 200;

/** A request body as kept for tests: a card number masked to its last four, a cvv never kept. */
export function maskHeard(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskHeard);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "cvv" || key === "cvc") continue;
    out[key] = (key === "number" || key === "pan") && typeof v === "string" ? `****${v.slice(-4)}` : maskHeard(v);
  }
  return out;
}

/** In-memory state with an atomic JSON snapshot on disk, written shortly after each change. */
export class Store {
  state: State;
  /**
   * Fields and behaviour neither spec names nor the real service was seen to send
   * (README, "Extensions"). Off by default: the console must work without them.
   */
  extensions = process.env.SANDBOX_EXTENSIONS === "on";
  /** Calls counted for tests (GET /__sandbox/counters); not part of the state, reset on restart. */
  counters = { tokenRequests: 0 };
  /**
   * The last API requests heard, newest last (GET /__sandbox/requests), so a test can check what
   * a page sent: card number masked and cvv dropped as they arrive. Not part of the state.
   */
  requests: HeardRequest[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly file: string | null;

  constructor(dataDir: string | null) {
    this.file = dataDir ? join(dataDir, "state.json") : null;
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    this.state =
      this.file && existsSync(this.file) ? (JSON.parse(readFileSync(this.file, "utf8")) as State) : emptyState();
    if (Object.keys(this.state.merchants).length === 0) this.addMerchant({ id: "m_default", ...DEFAULT_MERCHANT });
  }

  hear(method: string, path: string, body: unknown, query?: URLSearchParams): void {
    const heard = Object.fromEntries(query ?? []);
    this.requests.push({ method, path, at: this.nowMs(), body: maskHeard(body), query: heard });
    if (this.requests.length > HEARD_KEPT) this.requests.splice(0, this.requests.length - HEARD_KEPT);
  }

  /** Sandbox time: wall clock plus the offset moved by /__sandbox/clock/advance and /rewind. */
  nowMs(): number {
    return Date.now() + this.state.clockOffsetMs;
  }

  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** Opaque ids: 22 digits for transactions, as seen in the provider's examples. */
  newId(prefix = ""): string {
    this.state.seq += 1;
    const digits = `${Date.now()}${String(this.state.seq).padStart(9, "0")}`.slice(-22).padStart(22, "1");
    return prefix ? `${prefix}_${randomBytes(8).toString("hex")}` : digits;
  }

  addMerchant(m: Merchant): Merchant {
    this.state.merchants[m.id] = m;
    this.state.references[m.id] ??= {};
    this.changed();
    return m;
  }

  /** Claims a merchant reference; false when it is already used (→ 4100). */
  claimReference(merchantId: string, reference: string, owner: string): boolean {
    this.state.references[merchantId] ??= {};
    const refs = this.state.references[merchantId];
    if (refs[reference]) return false;
    refs[reference] = owner;
    return true;
  }

  referenceOwner(merchantId: string, reference: string): string | undefined {
    return this.state.references[merchantId]?.[reference];
  }

  reset(): void {
    const merchants = this.state.merchants;
    this.state = emptyState();
    this.requests = [];
    for (const m of Object.values(merchants)) this.addMerchant(m);
    this.changed();
  }

  changed(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => this.flush(), 20);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.file) return;
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    renameSync(tmp, this.file);
  }
}
