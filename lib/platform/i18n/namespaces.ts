import type { Messages } from "@/lib/platform/i18n/catalog";

// The browser gets only the catalog parts its components read (ADR 0020): these from the root layout.

export type Namespace = keyof Messages;

/** What the frame (header, menu, bell, search) and the console's own error boundary read in the browser. */
export const FRAME_NAMESPACES = ["common", "shell"] as const satisfies readonly Namespace[];
