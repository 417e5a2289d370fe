"use client";

import { SectionError } from "@/components/shell/section-error";

export default function TerminalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The virtual terminal" {...props} testId="terminal-error" />;
}
