import { createHash } from "node:crypto";
import type { Store } from "./store";
import type { Delivery, Merchant } from "./state";

type Value = string | number;

/** The published scheme: sorted key=value of the keys in `fields` plus `fields`, then &secret=, SHA-256 hex. */
export function signatureBase(values: Record<string, Value>, fields: string[]): string {
  const keys = [...new Set([...fields, "fields"])].sort();
  return keys.map((k) => `${k}=${values[k] ?? ""}`).join("&");
}

export function signSha256(values: Record<string, Value>, fields: string[], secret: string): string {
  return createHash("sha256")
    .update(`${signatureBase(values, fields)}&secret=${secret}`)
    .digest("hex");
}

/** The older hosted-payment scheme: same sorted string, &token=<API token>, MD5. */
export function signMd5(values: Record<string, Value>, fields: string[], token: string): string {
  return createHash("md5")
    .update(`${signatureBase(values, fields)}&token=${token}`)
    .digest("hex");
}

export function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/**
 * Signed notifications, delivered at least once: a non-2xx answer or a time-out is retried
 * with exponential back-off; every attempt is logged. Faults can drop, duplicate or reorder.
 */
export class Webhooks {
  private timer: NodeJS.Timeout | null = null;
  private held: Delivery | null = null;
  private inFlight = new Set<string>();

  constructor(private readonly store: Store) {}

  notify(
    merchant: Merchant,
    url: string | null,
    values: Record<string, Value>,
    scheme: "sha256" | "md5" = "sha256",
  ): void {
    if (!url) return;
    const fields = Object.keys(values);
    const body: Record<string, Value> = { ...values, fields: fields.join(",") };
    body.sign =
      scheme === "sha256"
        ? signSha256(body, fields, merchant.webhookSecret)
        : signMd5(body, fields, merchant.customsToken);
    const delivery: Delivery = {
      id: this.store.newId("wh"),
      merchantId: merchant.id,
      url,
      body,
      format: merchant.webhookFormat,
      attempts: [],
      state: "pending",
      nextAttemptAt: Date.now(),
      createdAt: Date.now(),
    };
    const faults = this.store.state.webhookFaults;
    const mode = faults.mode;
    if (mode !== "none") {
      if (faults.remaining !== null && --faults.remaining <= 0)
        this.store.state.webhookFaults = { mode: "none", remaining: null };
    }
    this.store.state.deliveries[delivery.id] = delivery;
    if (mode === "drop") {
      delivery.state = "dropped";
      delivery.nextAttemptAt = null;
    } else if (mode === "duplicate") {
      const twin = { ...delivery, id: this.store.newId("wh"), attempts: [] };
      this.store.state.deliveries[twin.id] = twin;
    } else if (mode === "reorder") {
      delivery.nextAttemptAt = null; // held until the next notification has gone
      this.held = delivery;
    } else if (this.held) {
      const held = this.held;
      this.held = null;
      held.nextAttemptAt = Date.now() + 50;
    }
    this.store.changed();
    this.schedule(0);
  }

  start(): void {
    this.schedule(0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    const now = Date.now();
    let next = Infinity;
    for (const d of Object.values(this.store.state.deliveries)) {
      if (d.state !== "pending" || d.nextAttemptAt === null) continue;
      if (d.nextAttemptAt <= now) {
        if (!this.inFlight.has(d.id)) void this.attempt(d);
      } else {
        next = Math.min(next, d.nextAttemptAt);
      }
    }
    if (next !== Infinity) this.schedule(Math.max(next - now, 5));
  }

  private async attempt(d: Delivery): Promise<void> {
    this.inFlight.add(d.id);
    const { baseMs, maxAttempts } = this.store.state.webhookRetry;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(d.url, {
        method: "POST",
        headers: { "Content-Type": d.format === "json" ? "application/json" : "application/x-www-form-urlencoded" },
        body:
          d.format === "json"
            ? JSON.stringify(d.body)
            : new URLSearchParams(Object.entries(d.body).map(([k, v]) => [k, String(v)])).toString(),
        signal: AbortSignal.timeout(5000),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    this.inFlight.delete(d.id);
    d.attempts.push({ at: Date.now(), status, error });
    if (status !== null && status >= 200 && status < 300) {
      d.state = "delivered";
      d.nextAttemptAt = null;
    } else if (d.attempts.length >= maxAttempts) {
      d.state = "failed";
      d.nextAttemptAt = null;
    } else {
      d.nextAttemptAt = Date.now() + baseMs * 2 ** (d.attempts.length - 1);
    }
    this.store.changed();
    this.schedule(0);
  }
}
