"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { ApiClientError } from "@/lib/platform/api/client";

/**
 * An answer whose meaning is not certain: no answer reached the page (status 0), or the console
 * says the service's outcome is unknown. Sending again with the same key is then the same
 * operation, which the console reconciles by inquiry, never a second one.
 */
export const outcomeUnknown = (e: Error) =>
  e instanceof ApiClientError && (e.status === 0 || e.details?.outcome === "unknown");

/**
 * A mutation that moves money or declares to Customs, sent with one Idempotency-Key per intent:
 * the key is kept while the outcome may be unknown (a retry is the same intent) and renewed once
 * the console gives a definite answer. `send` receives the key; the kit form's `submit` returns
 * the request's promise, so KitForm drops every other submit until it settles (a double click
 * sends once).
 */
export function useIntent<Body, Out>({
  send,
  onSuccess,
  onError,
}: {
  send: (body: Body, key: string) => Promise<Out>;
  onSuccess?: (out: Out) => void;
  onError?: (e: Error) => void;
}) {
  const key = useRef(crypto.randomUUID());
  const mutation = useMutation({
    mutationFn: (body: Body) => send(body, key.current),
    onSuccess: (out) => {
      key.current = crypto.randomUUID();
      onSuccess?.(out);
    },
    onError: (e) => {
      if (!outcomeUnknown(e)) key.current = crypto.randomUUID();
      onError?.(e);
    },
  });
  /** For KitForm's onValid: the promise settles with the request, and never rejects (onError reports). */
  const submit = (body: Body) =>
    mutation.mutateAsync(body).then(
      () => undefined,
      () => undefined,
    );
  return { ...mutation, submit };
}
