import { describe, expect, it } from "vitest";
import { allowWebhook, MAX_SENDERS, trackedSenders } from "./rate-limit";

// Issue 17 item 7: the limiter emptied every bucket past 10,000 addresses, so spraying
// addresses reset a flooding sender's bucket.
describe("webhook rate limit", () => {
  it("keeps a flooding sender's empty bucket while another address sprays new ones", () => {
    const t0 = 1_000_000;
    let allowed = 0;
    for (let i = 0; i < 5000; i++) if (allowWebhook("203.0.113.7", t0)) allowed++;
    expect(allowed).toBe(4000); // the burst, then nothing
    for (let i = 0; i < 20_000; i++) allowWebhook(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, t0);
    expect(allowWebhook("203.0.113.7", t0)).toBe(false);
    expect(trackedSenders().buckets).toBeLessThanOrEqual(MAX_SENDERS);
  });

  it("makes room by forgetting addresses whose bucket has refilled, never more than it holds", () => {
    const t0 = 5_000_000;
    for (let i = 0; i < 10_000; i++) allowWebhook(`172.16.${(i >> 8) & 255}.${i & 255}`, t0);
    // Three seconds later every one of them is full again: forgetting them loses nothing.
    expect(allowWebhook("192.0.2.1", t0 + 3000)).toBe(true);
    for (let i = 0; i < 100; i++) allowWebhook(`192.0.2.${i + 2}`, t0 + 3000);
    expect(trackedSenders().buckets).toBeLessThanOrEqual(MAX_SENDERS);
  });
});
