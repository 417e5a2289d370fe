import { offsetOf, zoneName } from "@/lib/platform/i18n/format";
import { timeZones } from "@/lib/platform/i18n/locales";

// The time-zone pickers' options (Account → Language and time zone; Settings → Language and
// time zones), built once on the server so the browser renders the very same list.

/** A zone to choose: "Asia/Shanghai · CST · GMT+8", and "CST, GMT+8" for the hint under the select. */
export type ZoneOption = { value: string; label: string; now: string };

/** Every IANA zone the runtime knows (UTC first), with its short name and offset now; `keep` stays listed. */
export function zoneOptions(keep: string[] = [], at = new Date()): ZoneOption[] {
  const list = timeZones();
  for (const z of keep) if (!list.includes(z)) list.push(z);
  return list.map((z) => {
    const name = zoneName(z, at);
    const offset = offsetOf(z, at);
    const parts = name === z || name === offset ? [offset] : [name, offset];
    return { value: z, label: [z, ...parts].join(" · "), now: parts.join(", ") };
  });
}
