"use client";

import { type FormEvent, type FormHTMLAttributes, type ReactNode, useRef } from "react";
import {
  type DefaultValues,
  type FieldValues,
  FormProvider,
  get,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { ApiClientError } from "@/lib/platform/api/client";
import { CATALOG_ISSUES } from "@/lib/platform/i18n/zod-issues";
import { useHydrated } from "@/components/ui/use-hydrated";
import { FormBoundary } from "./form-boundary";

// The form kit's root: react-hook-form validated by the server's own zod schema (money fields
// read from their text by lib/money-input.ts), a boundary that keeps what was typed, and the
// server's 422 `details.fields` put back at the fields they name.

/**
 * A form on a schema built from the current values (a money field's currency decides its
 * decimals). The submit handler gets the schema's output: the body the API takes.
 *
 * `schema` loads the schema module (a dynamic import): zod and the resolver come with the
 * first check, not with the page, so no page's first load carries the validator
 * (docs/benchmarks.md, bench:bundle ≤ 180 KiB).
 */
export function useKitForm<V extends FieldValues, Out>({
  schema,
  defaultValues,
  mode = "onSubmit",
}: {
  schema: () => Promise<(values: V) => z.ZodType<Out>>;
  defaultValues: DefaultValues<V>;
  /** "onChange": a field's problem shows as it is typed (money fields), not only on sending. */
  mode?: "onSubmit" | "onChange" | "onTouched";
}): UseFormReturn<V, unknown, Out> {
  return useForm<V, unknown, Out>({
    defaultValues,
    mode,
    reValidateMode: "onChange",
    resolver: kitResolver(schema),
  });
}

/**
 * Checks the values as they were when the person sent them. react-hook-form hands the resolver
 * its live values object, which typing keeps changing while the schema module loads: a click
 * on an empty form followed by typing would otherwise pass the check and send what was typed
 * after the click (seen: an approval sent before its comment was meant to be sent).
 */
export function kitResolver<V extends FieldValues, Out>(
  schema: () => Promise<(values: V) => z.ZodType<Out>>,
): Resolver<V, unknown, Out> {
  return async (live, context, options) => {
    const values = structuredClone(live);
    const [{ zodResolver }, schemaFor] = await Promise.all([import("@hookform/resolvers/zod"), schema()]);
    // zod's own problems in the catalog's words, as the API gives them (zod-issues.ts).
    return zodResolver(schemaFor(values) as never, CATALOG_ISSUES as never)(values, context, options as never) as never;
  };
}

type ServerField = { path: (string | number)[]; message: string };

/**
 * Puts an API error's field problems on the fields they name (`rename` maps an API path to
 * the form's field name, null for none) and returns what no field shows, for the summary.
 */
export function applyServerErrors<V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  error: Error,
  rename: (path: (string | number)[]) => string | null = (path) => path.join("."),
): string[] {
  const fields = error instanceof ApiClientError ? (error.details?.fields as ServerField[] | undefined) : undefined;
  if (!fields?.length) return [error.message];
  const values = form.getValues();
  const left: string[] = [];
  for (const field of fields) {
    const name = rename(field.path);
    if (name && get(values, name) !== undefined)
      form.setError(name as never, { type: "server", message: field.message });
    else left.push(field.message);
  }
  return left;
}

export function KitForm<V extends FieldValues, Out>({
  form,
  onValid,
  children,
  ...props
}: {
  form: UseFormReturn<V, unknown, Out>;
  /** May return the request's promise (useIntent's submit): submits are dropped until it settles. */
  onValid: (data: Out) => unknown;
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit">) {
  // Set once React owns the fields (react-hook-form writes their values as it registers them):
  // what the e2e helper openForm waits for before typing, so nothing typed is overwritten.
  const hydrated = useHydrated();
  // A double click submits twice before the first check (asynchronous) is done and before the
  // caller's busy state renders: a submit while one is being checked, or sent (onValid's
  // promise), is dropped.
  const checking = useRef(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    if (checking.current) {
      event.preventDefault();
      return;
    }
    checking.current = true;
    try {
      await form.handleSubmit(onValid)(event);
    } finally {
      checking.current = false;
    }
  };
  return (
    <FormProvider {...form}>
      <form method="post" noValidate data-kit-form={hydrated ? "ready" : "loading"} {...props} onSubmit={submit}>
        <FormBoundary>{children}</FormBoundary>
      </form>
    </FormProvider>
  );
}
