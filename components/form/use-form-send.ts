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
  const onValid = (body: B) => {
    setMessage(null);
    if (!mutation.isPending) mutation.mutate(body);
  };
  return { onValid, pending: mutation.isPending, message, setMessage };
}
