import { isIP } from "node:net";

// X-Forwarded-For is believed only hop by hop from TRUSTED_PROXIES (docs/security.md).

export const CLIENT_IP_HEADER = "x-console-client-ip";

export type Range = { bytes: Buffer; bits: number };

function toBytes(address: string): Buffer | null {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").replace(/%.*$/, "");
  const kind = isIP(plain);
  if (kind === 4) return Buffer.from(plain.split(".").map(Number));
  if (kind !== 6) return null;
  const [head, tail = ""] = plain.split("::");
  const words = (s: string) => (s ? s.split(":") : []);
  let left = words(head!);
  let right = plain.includes("::") ? words(tail) : [];
  const last = (right.length ? right : left).at(-1);
  if (last?.includes(".")) {
    const v4 = toBytes(last)!;
    const pair = [v4.readUInt16BE(0).toString(16), v4.readUInt16BE(2).toString(16)];
    if (right.length) right = [...right.slice(0, -1), ...pair];
    else left = [...left.slice(0, -1), ...pair];
  }
  const fill = Array(8 - left.length - right.length).fill("0");
  const all = [...left, ...fill, ...right];
  const out = Buffer.alloc(16);
  for (const [i, w] of all.entries()) out.writeUInt16BE(parseInt(w || "0", 16), i * 2);
  return out;
}

/** The canonical text of an address (IPv4-mapped IPv6 as plain IPv4), or null if it is none. */
export function normalizeIp(address: string | null | undefined): string | null {
  if (!address) return null;
  const trimmed = address.trim().replace(/^\[(.*)\](?::\d+)?$/, "$1");
  const plain = trimmed.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return isIP(plain) ? plain.toLowerCase() : null;
}

export function parseRanges(text: string | undefined): Range[] {
  const ranges: Range[] = [];
  for (const part of (text ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [address, bitsText] = part.split("/");
    const bytes = toBytes(normalizeIp(address) ?? "");
    if (!bytes) throw new Error(`"${part}" is not an IP address or CIDR range`);
    const bits = bitsText === undefined ? bytes.length * 8 : Number(bitsText);
    if (!Number.isInteger(bits) || bits < 0 || bits > bytes.length * 8)
      throw new Error(`bad prefix length in "${part}"`);
    ranges.push({ bytes, bits });
  }
  return ranges;
}

function inRange(bytes: Buffer, range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  const whole = Math.floor(range.bits / 8);
  if (!bytes.subarray(0, whole).equals(range.bytes.subarray(0, whole))) return false;
  const rest = range.bits % 8;
  if (!rest) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (bytes[whole]! & mask) === (range.bytes[whole]! & mask);
}

export function isTrusted(address: string, ranges: Range[]): boolean {
  const bytes = toBytes(address);
  return !!bytes && ranges.some((r) => inRange(bytes, r));
}

/** The client's address: the peer, or, behind trusted proxies, the first untrusted hop from the right. */
export function clientIpFrom(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  ranges: Range[],
): string | null {
  let client = normalizeIp(peer);
  if (!client || !ranges.length) return client;
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  while (client && isTrusted(client, ranges) && hops.length) {
    const next = normalizeIp(hops.pop());
    if (!next) break;
    client = next;
  }
  return client;
}

/** The address the server decided for this request (null outside the production server): the one reader of it. */
export function requestIp(headers: Pick<Headers, "get">): string | null {
  return normalizeIp(headers.get(CLIENT_IP_HEADER));
}
