"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { applyServerErrors } from "@/components/form/kit-form";
import { useIntent } from "@/components/form/use-intent";
import { apiFetch } from "@/lib/platform/api/client";

/**
 * A sub-order sent to Customs again — re-pushed under its number, renamed, or corrected — with
 * one Idempotency-Key per intent. On success the form closes and the page re-reads the
 * declaration; a refusal goes back onto the fields it names, the rest is returned as `error`.
 */
export function useResubmit<V extends FieldValues, Body>(
  path: { declarationId: string; subOrderId: string },
  form: UseFormReturn<V, unknown, Body>,
) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string[]>([]);
  const resubmit = useIntent<Body, unknown>({
    send: (body, key) =>
      apiFetch(`/api/customs/declarations/${path.declarationId}/sub-orders/${path.subOrderId}/resubmit`, {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: () => {
      setError([]);
      setOpen(false);
      router.refresh();
    },
    onError: (e) => setError(applyServerErrors(form, e)),
  });
  return { open, setOpen, error, resubmit };
}
