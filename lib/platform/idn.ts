const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + 38));
}

const digitOf = (c: number) => (c - 48 < 10 ? c - 22 : c - 65 < 26 ? c - 65 : c - 97 < 26 ? c - 97 : BASE);

/** One Punycode label (RFC 3492) without its "xn--", or null when it is not valid Punycode. */
export function decodePunycode(input: string): string | null {
  const out: number[] = [];
  const split = input.lastIndexOf("-");
  for (let j = 0; j < Math.max(split, 0); j++) out.push(input.charCodeAt(j));
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let at = split > 0 ? split + 1 : 0; at < input.length; ) {
    const old = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (at >= input.length) return null;
      const digit = digitOf(input.charCodeAt(at++));
      if (digit >= BASE) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    bias = adapt(i - old, out.length + 1, old === 0);
    n += Math.floor(i / (out.length + 1));
    i %= out.length + 1;
    if (n > 0x10ffff) return null;
    out.splice(i++, 0, n);
  }
  return String.fromCodePoint(...out);
}

/** An e-mail address as people write it: an internationalised domain stored as "xn--…" shown in its own script. */
export function emailForDisplay(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0 || !/(^|\.)xn--/i.test(email.slice(at + 1))) return email;
  const labels = email
    .slice(at + 1)
    .split(".")
    .map((label) => (/^xn--/i.test(label) ? (decodePunycode(label.slice(4).toLowerCase()) ?? label) : label));
  return `${email.slice(0, at + 1)}${labels.join(".")}`;
}
