"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { applyServerErrors } from "./kit-form";

export type FormMessage = { tone: "error" | "success"; text: string };

/**
 * A form's send: once at a time, the server's field problems back on their fields, and one
 * outcome to show — `sent`'s words (it also does what follows a success), or what no field
 * could show. Money and anything created send through useIntent instead (one key per intent).
 */
export function useFormSend<V extends FieldValues, B, A>(
  form: UseFormReturn<V, unknown, B>,
  send: (body: B) => Promise<A>,
  sent: (answer: A, body: B) => string | null,
) {
  const [message, setMessage] = useState<FormMessage | null>(null);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (answer, body) => {
      const text = sent(answer, body);
      setMessage(text ? { tone: "success", text } : null);
    },
    onError: (e) => {
      const left = applyServerErrors(form, e);
      setMessage(left.length ? { tone: "error", text: left.join(" ") } : null);
    },
  });
  // Answers the request's promise: the form's own check stays up until it settles (a quick second submit waits).
  const onValid = async (body: B) => {
    setMessage(null);
    if (!mutation.isPending) await mutation.mutateAsync(body).catch(() => undefined);
  };
  return { onValid, pending: mutation.isPending, message, setMessage };
}
