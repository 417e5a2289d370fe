// What a form says when its change waits for the other admin (202): apart from the panel, so a
// form that only needs these does not bring the panel into its page's first load.

/** The `common` key of the "waiting for the other admin" message. */
export const WAITING_TEXT = "pending.waiting" as const;
export const isPendingAnswer = (answer: unknown): boolean =>
  !!answer && typeof answer === "object" && "pendingChange" in answer;
