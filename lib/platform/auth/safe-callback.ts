// Only a path of this console (an open redirect aids phishing), checked as the browser will resolve it.

const BASE = "http://console.invalid";
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it looks for.
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
const MAX_LENGTH = 2048;

function samePath(value: string): string | null {
  if (!value.startsWith("/") || CONTROL_OR_BACKSLASH.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // `/.//evil` resolves to the path `//evil`, which a Location header reads as another host.
  return path.startsWith("//") ? null : path;
}

/** The callback as a same-origin path, or "/" for anything else. */
export function safeCallback(value: string | string[] | undefined | null): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || raw.length > MAX_LENGTH) return "/";
  const result = samePath(raw);
  if (!result) return "/";
  let layer = raw;
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return "/";
    }
    if (decoded === layer) break;
    if (!samePath(decoded)) return "/";
    layer = decoded;
  }
  return result;
}
