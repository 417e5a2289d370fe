import type { Messages } from "@/lib/platform/i18n/catalog";

// The browser gets only the parts of the catalog its components read (ADR 0020): these from the
// root layout (the console's frame, and pages no section wraps), and each section's from its
// layout (components/section-messages.tsx), whose provider replaces these for its pages.
// scripts/section-messages.test.ts holds every page to what it is given.

export type Namespace = keyof Messages;

/** What the frame (header, menu, bell, search) and the console's own error boundary read in the browser. */
export const FRAME_NAMESPACES = ["common", "shell"] as const satisfies readonly Namespace[];
