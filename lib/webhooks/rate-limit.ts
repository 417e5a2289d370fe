// A token bucket per sender address, per console instance: a burst is fine, a flood is not.
// The default allows a sustained 2,000 notifications a second from one address.
const RATE = Number(process.env.WEBHOOK_RATE_PER_SECOND ?? 2000);
const BURST = RATE * 2;
const buckets = new Map<string, { tokens: number; at: number }>();

export function allowWebhook(sender: string, now = Date.now()): boolean {
  const bucket = buckets.get(sender) ?? { tokens: BURST, at: now };
  bucket.tokens = Math.min(BURST, bucket.tokens + ((now - bucket.at) / 1000) * RATE);
  bucket.at = now;
  if (buckets.size > 10_000) buckets.clear(); // bounded memory under a spray of addresses
  buckets.set(sender, bucket);
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}
