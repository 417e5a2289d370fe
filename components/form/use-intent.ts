"use client";

import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { ApiClientError } from "@/lib/platform/api/client";

/**
 * An answer whose meaning is not certain: no answer reached the page (status 0), a server error
 * (a 5xx, whoever sent it: a proxy's time-out is no answer of the console's), or the console says
 * the service's outcome is unknown. Sending again with the same key is then the same operation,
 * which the console reconciles by inquiry, never a second one.
 */
export const outcomeUnknown = (e: Error) =>
  e instanceof ApiClientError && (e.status === 0 || e.status >= 500 || e.details?.outcome === "unknown");

/**
 * One intent's Idempotency-Key, the only place the browser makes one: the same key for every
 * send of the intent (a double click, a retry), kept while the outcome may be unknown, and
 * ended by a definite answer — success, or an error whose outcome is certain. A form with its
 * own mutation calls `settled` from its onSuccess and onError.
 */
export function useIntentKey() {
  const key = useRef<string | null>(null);
  return {
    /** The key of the intent being sent, made at its first send. */
    current: () => (key.current ??= crypto.randomUUID()),
    /** After an answer: none or a certain error ends the intent; an unknown outcome keeps its key. */
    settled: (error?: Error) => {
      if (!error || !outcomeUnknown(error)) key.current = null;
    },
  };
}

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
  onSuccess?: (out: Out, body: Body) => void;
  onError?: (e: Error, body: Body) => void;
}) {
  const key = useIntentKey();
  const mutation = useMutation({
    mutationFn: (body: Body) => send(body, key.current()),
    onSuccess: (out, body) => {
      key.settled();
      onSuccess?.(out, body);
    },
    onError: (e, body) => {
      key.settled(e);
      onError?.(e, body);
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
