import { containsText } from "./list-params";

/** A fragment of three characters or more (a trigram index's least), else the whole value. */
export const fragmentOf = (text: string) => (text.length >= 3 ? containsText(text) : text);
