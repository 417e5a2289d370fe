"use client";

import { SectionError } from "@/components/shell/section-error";

export default function VaultError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The vault" {...props} testId="vault-error" />;
}
