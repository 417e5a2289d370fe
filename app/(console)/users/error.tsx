"use client";

import { SectionError } from "@/components/shell/section-error";

export default function UsersError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The users" {...props} testId="users-error" />;
}
