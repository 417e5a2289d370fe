"use client";

import { SectionError } from "@/components/shell/section-error";

export default function SettingsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The settings" {...props} testId="settings-error" />;
}
