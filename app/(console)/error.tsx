"use client";

import { SectionError } from "@/components/shell/section-error";

export default function ConsolePageError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="This page" {...props} />;
}
