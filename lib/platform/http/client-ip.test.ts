import { describe, expect, it } from "vitest";
import { clientIpFrom, isTrusted, normalizeIp, parseRanges, requestIp } from "./client-ip";

describe("client address", () => {
  it("ignores X-Forwarded-For when no proxy is trusted (a client cannot forge its audit address)", () => {
    expect(clientIpFrom("203.0.113.9", "1.2.3.4", parseRanges(undefined))).toBe("203.0.113.9");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    expect(clientIpFrom("203.0.113.9", "1.2.3.4", parseRanges("10.0.0.0/8"))).toBe("203.0.113.9");
  });

  it("walks trusted hops from the right and stops at the first untrusted one", () => {
    const ranges = parseRanges("10.0.0.0/8,127.0.0.1");
    // The client prepended a forged 6.6.6.6; the proxies appended what they saw.
    expect(clientIpFrom("::ffff:127.0.0.1", "6.6.6.6, 198.51.100.7, 10.1.2.3", ranges)).toBe("198.51.100.7");
    expect(clientIpFrom("127.0.0.1", "10.9.9.9", ranges)).toBe("10.9.9.9");
    expect(clientIpFrom("127.0.0.1", "junk, 198.51.100.7", ranges)).toBe("198.51.100.7");
    expect(clientIpFrom("127.0.0.1", "198.51.100.7, junk", ranges)).toBe("127.0.0.1");
  });

  it("parses IPv4 and IPv6 ranges and refuses nonsense", () => {
    const ranges = parseRanges("192.168.0.0/16, fd00::/8, ::1");
    expect(isTrusted("192.168.4.5", ranges)).toBe(true);
    expect(isTrusted("192.169.4.5", ranges)).toBe(false);
    expect(isTrusted("fd12:3456::1", ranges)).toBe(true);
    expect(isTrusted("fe80::1", ranges)).toBe(false);
    expect(isTrusted("::1", ranges)).toBe(true);
    expect(() => parseRanges("10.0.0.0/33")).toThrow(/prefix/);
    expect(() => parseRanges("example.com")).toThrow(/not an IP/);
  });

  it("reads only the server's own header, normalised", () => {
    expect(requestIp(new Headers({ "x-console-client-ip": "::ffff:10.0.0.1", "x-forwarded-for": "1.1.1.1" }))).toBe(
      "10.0.0.1",
    );
    expect(requestIp(new Headers({ "x-forwarded-for": "1.1.1.1", "x-real-ip": "2.2.2.2" }))).toBeNull();
    expect(normalizeIp("[2001:db8::1]:443")).toBe("2001:db8::1");
  });
});
