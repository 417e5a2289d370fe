/** The 8 sixteen-bit groups of a valid IPv6 address (check it with node:net isIP first). */
export function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/** The IPv4 address of an IPv4-mapped one (::ffff:0:0/96), else null. */
export const mappedIpv4 = (g: number[]) =>
  g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff ? ipv4Of(g[6]!, g[7]!) : null;
