import { isIP } from "node:net";
import { ipv6Groups, mappedIpv4 } from "@/lib/platform/http/ipv6";
import { config } from "@/lib/platform/config";

// Per-sender limits, in memory per instance: a token bucket, and a byte budget for unverified rows (ADR 0003).

const RATE = config().webhooks.ratePerSecond;
const BURST = RATE * 2;
export const STORE_BYTES_PER_MINUTE = config().webhooks.storeBytesPerMinute;
export const MAX_SENDERS = 10_000;
const OVERFLOW = "\u0000overflow";

function boundedMap<T>(fresh: (now: number) => T, idle: (value: T, now: number) => boolean) {
  const entries = new Map<string, T>();
  let overflow: T | null = null;
  return {
    get(key: string, now: number): T {
      const found = entries.get(key);
      if (found) {
        entries.delete(key); // re-inserted last: the iteration order is least recently used first
        entries.set(key, found);
        return found;
      }
      if (entries.size >= MAX_SENDERS) {
        let room = false;
        let looked = 0;
        for (const [k, v] of entries) {
          if (idle(v, now)) {
            entries.delete(k);
            room = true;
            break;
          }
          if (++looked >= 16) break;
        }
        if (!room) {
          overflow ??= fresh(now);
          return overflow;
        }
      }
      const value = fresh(now);
      entries.set(key, value);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** Who a limit applies to: the IPv4 address (an IPv4-mapped IPv6 one included) or the IPv6 /64. */
export function senderKey(ip: string): string {
  if (isIP(ip) !== 6) return ip || OVERFLOW;
  const g = ipv6Groups(ip);
  return (
    mappedIpv4(g) ??
    `${g
      .slice(0, 4)
      .map((x) => x.toString(16))
      .join(":")}::/64`
  );
}

type Bucket = { tokens: number; at: number };
const buckets = boundedMap<Bucket>(
  (now) => ({ tokens: BURST, at: now }),
  (b, now) => b.tokens + ((now - b.at) / 1000) * RATE >= BURST, // refilled: forgetting it changes nothing
);

/** Takes a token from the sender's bucket; false when it is empty (answer 429). */
export function allowWebhook(sender: string, now = Date.now()): boolean {
  const bucket = buckets.get(senderKey(sender), now);
  bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.at) / 1000) * RATE);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

type Minute = { minute: number; bytes: number };
const minuteOf = (now: number) => Math.floor(now / 60_000);
const stores = boundedMap<Minute>(
  (now) => ({ minute: minuteOf(now), bytes: 0 }),
  (m, now) => m.minute !== minuteOf(now),
);

function current(sender: string, now: number): Minute {
  const m = stores.get(senderKey(sender), now);
  if (m.minute !== minuteOf(now)) Object.assign(m, { minute: minuteOf(now), bytes: 0 });
  return m;
}

/** Whether this sender may still store a row of this many bytes this minute (unverified rows only). */
export const mayStore = (sender: string, bytes: number, now = Date.now()) =>
  current(sender, now).bytes + bytes <= STORE_BYTES_PER_MINUTE;
/** Counts the bytes of one new unverified row stored for this sender. */
export const countStored = (sender: string, bytes: number, now = Date.now()) => {
  current(sender, now).bytes += bytes;
};

/** How many senders are tracked (tests: memory stays bounded). */
export const trackedSenders = () => ({ buckets: buckets.size, stores: stores.size });
