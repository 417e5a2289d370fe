"use client";

import { createContext, type ReactNode, useContext } from "react";

/** Whether the person turned "Show API names" on (ChargeSections holds the switch). */
export const ApiNames = createContext(false);

/** The spec's name of what a field sends, or nothing while the switch is off. */
export function useApiName(): (name: string, also?: ReactNode) => ReactNode {
  const on = useContext(ApiNames);
  return (name, also) =>
    on ? (
      <>
        <span className="font-mono" translate="no">
          {name}
        </span>
        {also ? <> — {also}</> : null}
      </>
    ) : (
      also
    );
}
