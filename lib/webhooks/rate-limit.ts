// Per-sender limits on the webhook intake, in memory, per console instance (no database
// round trip on the fast path: scripts/serve.ts answers ~1,000+ notifications/s).
//
// 1. A token bucket per address: a burst is fine, a flood is not. The default allows a
//    sustained 2,000 notifications a second from one address (replays included).
// 2. A count of the new rows one address stored this minute (WEBHOOK_STORE_PER_MINUTE,
//    default 6,000): past it, 429 and nothing stored, so one sender cannot fill the disk
//    with distinct bodies. Replays only bump a counter and are not counted.
//
// Memory stays bounded under a spray of addresses without forgetting a busy sender: at
// MAX_SENDERS the least recently seen address is dropped only when it has nothing left to
// remember (its bucket has refilled, its minute is over); otherwise a newcomer shares one
// overflow entry with every other newcomer until room frees up.

const RATE = Number(process.env.WEBHOOK_RATE_PER_SECOND ?? 2000);
const BURST = RATE * 2;
const STORE_PER_MINUTE = Number(process.env.WEBHOOK_STORE_PER_MINUTE ?? 6000);
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
        if (!room) return (overflow ??= fresh(now));
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

type Bucket = { tokens: number; at: number };
const buckets = boundedMap<Bucket>(
  (now) => ({ tokens: BURST, at: now }),
  (b, now) => b.tokens + ((now - b.at) / 1000) * RATE >= BURST, // refilled: forgetting it changes nothing
);

/** Takes a token from the sender's bucket; false when it is empty (answer 429). */
export function allowWebhook(sender: string, now = Date.now()): boolean {
  const bucket = buckets.get(sender || OVERFLOW, now);
  bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.at) / 1000) * RATE);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

type Minute = { minute: number; stored: number };
const minuteOf = (now: number) => Math.floor(now / 60_000);
const stores = boundedMap<Minute>(
  (now) => ({ minute: minuteOf(now), stored: 0 }),
  (m, now) => m.minute !== minuteOf(now),
);

function current(sender: string, now: number): Minute {
  const m = stores.get(sender || OVERFLOW, now);
  if (m.minute !== minuteOf(now)) Object.assign(m, { minute: minuteOf(now), stored: 0 });
  return m;
}

/** Whether this address may still store a new notification this minute. */
export const mayStore = (sender: string, now = Date.now()) => current(sender, now).stored < STORE_PER_MINUTE;
/** Counts one new row stored for this address. */
export const countStored = (sender: string, now = Date.now()) => void current(sender, now).stored++;

/** How many addresses are tracked (tests: memory stays bounded). */
export const trackedSenders = () => ({ buckets: buckets.size, stores: stores.size });
