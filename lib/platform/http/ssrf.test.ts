import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { lookup as dnsLookup } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, request } from "undici";
import { guardedConnector, internalDestinationReason, isInternalAddress } from "./ssrf";

describe("internal addresses", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["192.168.1.1", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["100.127.255.255", true],
    ["0.0.0.0", true],
    ["::", true],
    ["::1", true],
    ["fd00:ec2::254", true],
    ["fc00::1", true],
    ["fe80::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:10.0.0.1", true],
    ["8.8.8.8", false],
    ["172.32.0.1", false],
    ["100.128.0.1", false],
    ["93.184.216.34", false],
    ["2606:4700::1111", false],
  ])("%s internal: %s", (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });

  // IPv6 forms that carry an IPv4 address: NAT64 (64:ff9b::/96, which DNS64 networks route to
  // the embedded IPv4, private ones included), 6to4 (2002::/16) and IPv4-compatible (::/96).
  it.each([
    ["64:ff9b::127.0.0.1", true],
    ["64:ff9b::a9fe:a9fe", true],
    ["64:ff9b::10.0.0.1", true],
    ["64:ff9b::c0a8:101", true],
    ["64:ff9b:1::a00:1", true], // local-use NAT64 (RFC 8215): its mapping is the network's own, refused outright
    ["2002:7f00:1::", true],
    ["2002:a9fe:a9fe::1", true],
    ["2002:c0a8:101:1::1", true],
    ["2002:0a00:0001::", true],
    ["::127.0.0.1", true],
    ["::8.8.8.8", true],
    ["::a00:1", true],
    ["::ffff:7f00:1", true],
    ["0:0:0:0:0:ffff:a00:1", true],
    ["64:ff9b::8.8.8.8", false],
    ["64:ff9b::5db8:d822", false],
    ["2002:808:808::1", false],
    ["2002:5db8:d822::", false],
  ])("%s internal (embedded IPv4): %s", (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });
});

describe("a base URL checked before it is saved", () => {
  const resolver = (table: Record<string, string[]>) => async (host: string) => {
    if (!table[host]) throw new Error("ENOTFOUND");
    return table[host];
  };
  const dns = resolver({
    "api.example.com": ["93.184.216.34"],
    "inward.example.com": ["93.184.216.34", "10.0.0.7"],
    "empty.example.com": [],
  });

  it.each([
    ["https://api.example.com", null],
    ["https://inward.example.com/v1", "loopback, private"],
    ["http://169.254.169.254/latest/meta-data", "loopback, private"],
    ["http://[fd00:ec2::254]/", "loopback, private"],
    ["http://[::ffff:127.0.0.1]:4010", "loopback, private"],
    ["http://[64:ff9b::a9fe:a9fe]/latest/meta-data", "loopback, private"],
    ["http://[2002:a00:1::]/", "loopback, private"],
    ["http://[::10.0.0.1]/", "loopback, private"],
    ["http://metadata.google.internal/computeMetadata", "metadata"],
    ["http://localhost:4010", "this machine"],
    ["https://nowhere.example.com", "does not resolve"],
    ["https://empty.example.com", "does not resolve"],
  ])("%s", async (url, reason) => {
    const answer = await internalDestinationReason(url, dns);
    if (reason === null) expect(answer).toBeNull();
    else expect(answer).toContain(reason);
  });
});

describe("the connector refuses internal addresses when the connection opens", () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      res.end("{}");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  // A name that looked public when the settings were saved and now answers 127.0.0.1.
  const rebound = ((_host: string, _opts: object, cb: (e: null, a: { address: string; family: number }[]) => void) =>
    cb(null, [{ address: "127.0.0.1", family: 4 }])) as unknown as typeof dnsLookup;

  async function get(url: string, production: boolean) {
    const dispatcher = new Agent({ connect: guardedConnector({ isProduction: () => production, lookup: rebound }) });
    try {
      const res = await request(url, { dispatcher });
      await res.body.text();
      return res.statusCode;
    } finally {
      await dispatcher.close();
    }
  }

  it("refuses a literal loopback address and a name that resolves to one, in production", async () => {
    const before = hits;
    await expect(get(`http://127.0.0.1:${port}/`, true)).rejects.toThrow(/Refused to connect to 127.0.0.1/);
    await expect(get(`http://rebound.example.com:${port}/`, true)).rejects.toThrow(
      /Refused to connect to rebound.example.com/,
    );
    expect(hits).toBe(before);
  });

  it("connects to the same address outside production (the sandbox on 127.0.0.1)", async () => {
    expect(await get(`http://127.0.0.1:${port}/`, false)).toBe(200);
    expect(await get(`http://rebound.example.com:${port}/`, false)).toBe(200);
  });
});
