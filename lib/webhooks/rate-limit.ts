import { isIP } from "node:net";
import { ipv6Groups, mappedIpv4 } from "@/lib/platform/http/ipv6";
import { config } from "@/lib/platform/config";

// Per-sender limits on the webhook intake, in memory, per console instance (no database
// round trip on the fast path: server/intake.ts answers ~1,800 notifications/s).
//
// A sender is an IPv4 address or an IPv6 /64 (one customer network holds 2^64 addresses:
// keyed on the exact address, a sender would have no limit at all).
//
// 1. A token bucket per sender: a burst is fine, a flood is not. The default allows a
//    sustained 2,000 notifications a second from one sender (replays included).
// 2. A byte budget for what one sender's notifications that are NOT verified (rejected,
//    unverifiable) may add to the inbox each minute: WEBHOOK_STORE_BYTES_PER_MINUTE, default
//    1 MiB (~240 rows of a cut body, lib/webhooks/stored-body.ts; ≤ ~1.5 GB a day per sender
//    at the worst, kept 7 days by default). Past it, 429 and nothing stored. Verified
//    notifications are never refused for storage: forgeries cannot crowd out the provider,
//    and without the secret nobody can make new ones. Replays only bump a counter.
//
// Memory stays bounded under a spray of senders without forgetting a busy one: at
// MAX_SENDERS the least recently seen sender is dropped only when it has nothing left to
// remember (its bucket has refilled, its minute is over); otherwise a newcomer shares one
// overflow entry with every other newcomer until room frees up.

const RATE = config().webhooks.ratePerSecond;
const BURST = RATE * 2;
export const STORE_BYTES_PER_MINUTE = config().webhooks.storeBytesPerMinute;
export const MAX_SENDERS = 10_000;
const OVERFLOW = "\u0000overflow";

/** A Map kept in least-recently-used order that never evicts an entry still in use. */
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
        // A few of the least recently seen: the first idle one makes room.
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
