"use client";

import { type ReactNode, useId, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import type { ZoneOption } from "@/components/ui/zone-options";
import { controlClass } from "./field";
import { SelectInput } from "./inputs";
import { ZoneOptions } from "./region-options";

const words = (s: string) => s.toLowerCase().replace(/[_\s]+/g, " ");

/**
 * A time-zone select with a field that narrows its few hundred zones as one types ("shang",
 * "GMT+8"); the first zone left is chosen when the chosen one no longer matches.
 */
export function ZoneSelect({
  name,
  label,
  hint,
  zones,
  find: findLabel,
  findHint,
}: {
  name: string;
  label: string;
  hint: ReactNode;
  zones: ZoneOption[];
  find: string;
  findHint: string;
}) {
  const id = useId();
  const { control, setValue } = useFormContext();
  const chosen = useWatch({ control, name }) as string;
  const [find, setFind] = useState("");
  const matching = (q: string) => (q.trim() ? zones.filter((z) => words(z.label).includes(words(q.trim()))) : zones);
  const shown = matching(find);
  const listed = shown.some((z) => z.value === chosen) ? shown : [...zones.filter((z) => z.value === chosen), ...shown];
  return (
    <div className="space-y-2">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {findLabel}
        </label>
        <input
          id={id}
          type="search"
          value={find}
          aria-describedby={`${id}-hint`}
          className={controlClass(false)}
          // Enter narrows the list; it does not save the whole form with the first match.
          onKeyDown={(event) => {
            if (event.key === "Enter") event.preventDefault();
          }}
          onChange={(event) => {
            setFind(event.target.value);
            const left = matching(event.target.value);
            if (left.length && !left.some((z) => z.value === chosen))
              setValue(name, left[0]!.value, { shouldDirty: true, shouldValidate: true });
          }}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {findHint}
        </p>
      </div>
      <SelectInput name={name} label={label} hint={hint}>
        <ZoneOptions zones={listed} />
      </SelectInput>
    </div>
  );
}
