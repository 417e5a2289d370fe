import { describe, expect, it } from "vitest";
import {
  allowWebhook,
  countStored,
  MAX_SENDERS,
  mayStore,
  senderKey,
  STORE_BYTES_PER_MINUTE,
  trackedSenders,
} from "./rate-limit";

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

// Issue 17 review, item 11: limits were keyed on the exact IPv6 address, and one customer
// network (a /64) holds 2^64 of them: effectively unlimited.
describe("IPv6 senders", () => {
  it("are keyed by their /64; an IPv4-mapped address is its IPv4", () => {
    expect(senderKey("2001:db8:1:2::1")).toBe(senderKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff"));
    expect(senderKey("2001:db8:1:2::1")).not.toBe(senderKey("2001:db8:1:3::1"));
    expect(senderKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(senderKey("198.51.100.7")).toBe("198.51.100.7");
  });

  it("share one token bucket across their /64", () => {
    const t0 = 9_000_000;
    let allowed = 0;
    for (let i = 0; i < 5000; i++) if (allowWebhook(`2001:db8:aa:1::${(i % 65535).toString(16)}`, t0)) allowed++;
    expect(allowed).toBe(4000);
    expect(allowWebhook("2001:db8:aa:1:dead:beef:1:2", t0)).toBe(false);
    expect(allowWebhook("2001:db8:aa:2::1", t0)).toBe(true);
  });

  it("share one storage budget, counted in bytes, across their /64", () => {
    const t0 = 12_000_000;
    let stored = 0;
    for (let i = 1; mayStore(`2001:db8:bb:1::${i.toString(16)}`, 4096, t0) && i < 100_000; i++) {
      countStored(`2001:db8:bb:1::${i.toString(16)}`, 4096, t0);
      stored += 4096;
    }
    expect(stored).toBeLessThanOrEqual(STORE_BYTES_PER_MINUTE);
    expect(stored).toBeGreaterThan(STORE_BYTES_PER_MINUTE - 4096);
    expect(mayStore("2001:db8:bb:1:ffff::9", 4096, t0)).toBe(false);
    expect(mayStore("2001:db8:bb:2::1", 4096, t0)).toBe(true);
    expect(mayStore("2001:db8:bb:1::9", 4096, t0 + 60_000)).toBe(true); // a new minute
  });
});
