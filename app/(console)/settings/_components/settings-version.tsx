"use client";

import { createContext, type ReactNode, useContext } from "react";

// The version of Settings this page was loaded at (lib/platform/settings/version.ts): every
// Settings form sends it as If-Match, so saving a form left open never writes back a value that
// someone else (or an approval) moved meanwhile.
const Version = createContext<string | null>(null);

export function SettingsVersion({ version, children }: { version: string; children: ReactNode }) {
  return <Version.Provider value={version}>{children}</Version.Provider>;
}

/** The headers a Settings write carries. */
export function useSettingsHeaders(): Record<string, string> {
  const version = useContext(Version);
  return version ? { "If-Match": version } : {};
}
