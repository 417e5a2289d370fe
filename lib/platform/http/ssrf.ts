import { BlockList, isIP } from "node:net";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
import { ipv4Of, ipv6Groups, mappedIpv4 } from "./ipv6";
import { config } from "@/lib/platform/config";

// In production a base URL may not reach the console's network; checked when saved and at connect (DNS rebinding).
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, and the metadata service at 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128],
  ["fc00::", 7], // unique local, fd00:ec2::254 (the AWS metadata service over IPv6) included
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

const BLOCKED_NAMES =
  /^(localhost|metadata|metadata\.google\.internal|metadata\.goog|instance-data|instance-data\.ec2\.internal)\.?$|\.localhost\.?$/i;

function embeddedIpv4(g: number[]): string | null {
  const mapped = mappedIpv4(g);
  if (mapped) return mapped;
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const g = ipv6Groups(address);
  // IPv4-compatible (::/96) and local-use NAT64 (64:ff9b:1::/48) have no public use: refused outright.
  if (g.slice(0, 6).every((x) => x === 0)) return true;
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true;
  const v4 = embeddedIpv4(g);
  if (v4) return blocked.check(v4, "ipv4");
  return blocked.check(address, "ipv6");
}

export type Resolver = (hostname: string) => Promise<string[]>;
export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve((addresses as LookupAddress[]).map((a) => a.address)),
    ),
  );

export const guardsOutbound = () => config().production;

export class InternalDestination extends Error {
  constructor(
    readonly host: string,
    readonly detail: string,
  ) {
    super(`Refused to connect to ${host}: ${detail}`);
    this.name = "InternalDestination";
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** Why this base URL may not be used in production, or null; a name that does not resolve is refused. */
export async function internalDestinationReason(
  raw: string,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  let host: string;
  try {
    host = hostOf(new URL(raw));
  } catch {
    return "it is not a URL";
  }
  if (BLOCKED_NAMES.test(host)) return "it names this machine or the cloud metadata service";
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await resolve(host);
  } catch {
    return "its host name does not resolve";
  }
  if (addresses.length === 0) return "its host name does not resolve";
  return addresses.some(isInternalAddress) ? "it points to a loopback, private, link-local or metadata address" : null;
}

type ConnectorOptions = { isProduction?: () => boolean; lookup?: typeof dnsLookup };

/** An undici connector that refuses internal addresses at connect time: the address checked is the one dialled. */
export function guardedConnector(options: ConnectorOptions = {}): buildConnector.connector {
  const isProduction = options.isProduction ?? (() => guardsOutbound());
  const lookup = options.lookup ?? dnsLookup;
  const guardedLookup = ((hostname: string, opts: object, callback: (...args: unknown[]) => void) => {
    lookup(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => isInternalAddress(a.address));
      if (bad) return callback(new InternalDestination(hostname, `resolves to an internal address (${bad.address})`));
      if ((opts as { all?: boolean }).all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  }) as unknown as typeof dnsLookup;
  const plain = buildConnector(options.lookup ? ({ lookup: options.lookup } as buildConnector.BuildOptions) : {});
  const guarded = buildConnector({ lookup: guardedLookup } as buildConnector.BuildOptions);
  return (opts, callback) => {
    if (!isProduction()) return plain(opts, callback);
    const host = opts.hostname.replace(/^\[(.*)\]$/, "$1");
    if (BLOCKED_NAMES.test(host) || (isIP(host) && isInternalAddress(host))) {
      return callback(new InternalDestination(host, "an internal address"), null);
    }
    return guarded(opts, callback);
  };
}

let fetchAgent: Agent | undefined;
export const guardedFetch = ((input: string | URL, init?: RequestInit) => {
  fetchAgent ??= new Agent({ connect: guardedConnector() });
  return undiciFetch(input, { ...(init as object), dispatcher: fetchAgent });
}) as unknown as typeof fetch;
