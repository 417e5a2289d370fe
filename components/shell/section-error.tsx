"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";

/**
 * What a console section shows when it fails to load: what failed in plain words, a retry that
 * re-reads the server's data, and the error's opaque digest to quote to an admin (it finds the
 * log line). Never the message or stack: those can carry SQL, paths or upstream answers.
 */
export function SectionError({
  what,
  error,
  reset,
  testId = "section-error",
}: {
  what: string;
  error: Error & { digest?: string };
  reset: () => void;
  testId?: string;
}) {
  const t = useTranslations("common");
  const router = useRouter();
  const [retrying, start] = useTransition();
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800" data-testid={testId}>
      <h2 className="font-semibold">{t("sectionError.title", { what })}</h2>
      <p className="mt-1 text-sm">{t(error.digest ? "sectionError.bodyWithReference" : "sectionError.body")}</p>
      {error.digest && (
        <p className="mt-1 text-xs">
          {t("sectionError.reference")} <span className="font-mono">{error.digest}</span>
        </p>
      )}
      <Button
        variant="secondary"
        className="mt-3"
        disabled={retrying}
        onClick={() =>
          start(() => {
            router.refresh();
            reset();
          })
        }
      >
        {retrying ? t("sectionError.retrying") : t("sectionError.retry")}
      </Button>
    </div>
  );
}
