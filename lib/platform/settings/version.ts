import { createHash } from "node:crypto";
import type { Settings } from "./schema";

// Settings' version per key at page load (issue 48, item 4): a stale form cannot write an old value back.

const canonical = (value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, canonical(v)]),
      )
    : value;

const digest = (value: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(canonical(value ?? null)))
    .digest("base64url")
    .slice(0, 16);

/** The token a page sends back with its writes (If-Match): each key's digest as loaded. */
export function settingsVersion(settings: Settings): string {
  const digests = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, digest(v)]));
  return Buffer.from(JSON.stringify(digests)).toString("base64url");
}

function readVersion(token: string): Record<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** The change as its sender meant it against the settings now; `moved`: keys changed by both, refused (409). */
export function againstNow<C extends Partial<Settings>>(
  token: string | null,
  current: Settings,
  change: C,
): { change: C; moved: string[] } {
  const loaded = token ? readVersion(token) : null;
  if (!loaded) return { change, moved: [] };
  const kept: Partial<Settings> = {};
  const moved: string[] = [];
  for (const [key, value] of Object.entries(change)) {
    const now = digest(current[key as keyof Settings]);
    const then = loaded[key];
    if (then === undefined || then === now) Object.assign(kept, { [key]: value });
    else if (digest(value) === then)
      continue; // sent back as loaded: what moved since stays
    else if (digest(value) === now)
      continue; // the same value it already has
    else moved.push(key);
  }
  return { change: kept as C, moved };
}
