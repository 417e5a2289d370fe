"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import { useState } from "react";
import { selectedIds } from "./column-state";

/** The rows a list's person selected, kept by the page: it passes this to `DataTable` and acts on `ids`. */
export type RowSelection = {
  state: RowSelectionState;
  onChange: (updater: RowSelectionState | ((old: RowSelectionState) => RowSelectionState)) => void;
  ids: string[];
  clear: () => void;
};

export function useRowSelection(): RowSelection {
  const [state, setState] = useState<RowSelectionState>({});
  return { state, onChange: setState, ids: selectedIds(state), clear: () => setState({}) };
}
