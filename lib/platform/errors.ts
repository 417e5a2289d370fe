// Services throw these and know nothing of HTTP (ADR 0008); clients key on `rule`, never on the message.

type Details = Record<string, unknown>;

export abstract class DomainError extends Error {
  constructor(
    message: string,
    /** The rule broken, a stable snake_case identifier; undefined when the kind says it all. */
    readonly rule?: string,
    readonly details?: Details,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** No such thing (or not one this actor may know of). */
export class NotFound extends DomainError {}

/** The change breaks a rule of the current state: more than is left, already decided, a duplicate… */
export class Conflict extends DomainError {}

/** The input is not acceptable as given (beyond its schema): a bad value, a missing part. */
export class Invalid extends DomainError {}

/** The input cannot be read at all (not CSV, not JSON, a malformed id). */
export class Malformed extends DomainError {}

/** The actor may not do this (a control, not a missing permission: route() checks those). */
export class Forbidden extends DomainError {}

/** Who is asking is not established (a wrong password, an ended session). */
export class Unauthenticated extends DomainError {}

/** Too many attempts: try again later (`details.retryAfterSeconds` when known). */
export class RateLimited extends DomainError {}

/** The input is larger than its limit (`details.limit`). */
export class TooLarge extends DomainError {}

/** An upstream call whose outcome is not known (a time-out, an unclear answer): reconcile, never retry blindly. */
export class OutcomeUnknown extends DomainError {}

/** A state that should be impossible: a bug, logged, never echoed. */
export class Invariant extends DomainError {}

/** What kind of failure a called service's answer is, in the console's terms (no HTTP here). */
export type UpstreamKind = "not_found" | "error" | "unavailable" | "timeout" | "refused";

/** A failure of a service the console calls; "unknown" outcome: it may have happened, never retry blindly. */
export abstract class UpstreamError extends Error {
  abstract readonly code: string;
  abstract readonly outcome: "failed" | "unknown";
  abstract answer(): { kind: UpstreamKind; message: string; details: Details };
}
