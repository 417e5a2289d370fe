import type { Messages } from "@/lib/platform/i18n/catalog";

// The browser gets only the parts of the catalog its components read (ADR 0020): these from the
// root layout, on every page (the console's frame and every error boundary's "try again"), and
// each section's own from its layout (components/section-messages.tsx).
// scripts/section-messages.test.ts holds every page to what it is given.

export type Namespace = keyof Messages;

/** What the frame (header, menu, bell, search) and the boundaries read in the browser. */
export const FRAME_NAMESPACES = ["common", "shell"] as const satisfies readonly Namespace[];
