import { Conflict, NotFound, type DomainError } from "@/lib/platform/errors";

/** A refusal as the audit log's result names it (the words it has always used). */
export const refusalResult = (error: DomainError) =>
  error instanceof Conflict ? "conflict" : error instanceof NotFound ? "not_found" : "unprocessable_entity";
