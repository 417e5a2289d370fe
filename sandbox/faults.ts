import type { Req } from "./http";
import type { Store } from "./store";
import { ERRORS } from "./envelope";

/**
 * Fault directives, from the X-Sandbox-Fault header of one request or from run-wide rules:
 *   latency=<ms>          answer after a delay
 *   hang                  never answer; the operation is not applied
 *   hang-after            apply the operation, then never answer (a lost response)
 *   reset / reset-after   close the connection, before or after applying
 *   error=<code>          answer the fail envelope with that code (4101, 4105–4107, 5100, …); not applied
 *   error-after=<code>    apply, then answer that error
 *   http=<status>         answer that HTTP status with a plain-text body, as a proxy in
 *                         front of the service might (no envelope, no code); not applied
 *   http-after=<status>   apply, then answer that
 */
export type Fault = {
  latencyMs: number;
  hang: "before" | "after" | null;
  reset: "before" | "after" | null;
  error: { code: string; when: "before" | "after" } | null;
  http: { status: number; when: "before" | "after" } | null;
};

export function parseFault(spec: string): Fault {
  const fault: Fault = { latencyMs: 0, hang: null, reset: null, error: null, http: null };
  for (const part of spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key, value = ""] = part.split("=");
    switch (key) {
      case "latency":
        fault.latencyMs = Math.min(Math.max(Number(value) || 0, 0), 600_000);
        break;
      case "hang":
      case "timeout":
        fault.hang = "before";
        break;
      case "hang-after":
      case "timeout-after":
        fault.hang = "after";
        break;
      case "reset":
        fault.reset = "before";
        break;
      case "reset-after":
        fault.reset = "after";
        break;
      case "error":
      case "error-after":
        if (!ERRORS[value]) throw new Error(`unknown error code ${value} in fault`);
        fault.error = { code: value, when: key === "error" ? "before" : "after" };
        break;
      case "http":
      case "http-after": {
        const status = Number(value);
        if (!Number.isInteger(status) || status < 200 || status > 599)
          throw new Error(`bad HTTP status ${value} in fault`);
        fault.http = { status, when: key === "http" ? "before" : "after" };
        break;
      }
      default:
        throw new Error(`unknown fault directive ${key}`);
    }
  }
  return fault;
}

/** The fault for this request: its header, else the first matching run-wide rule (consumed). */
export function faultFor(store: Store, req: Req): Fault | null {
  const header = req.headers["x-sandbox-fault"];
  if (typeof header === "string" && header) return parseFault(header);
  const rule = store.state.faults.find(
    (r) => (!r.method || r.method === req.method) && (!r.pathPrefix || req.path.startsWith(r.pathPrefix)),
  );
  if (!rule) return null;
  if (rule.remaining !== null && --rule.remaining <= 0)
    store.state.faults = store.state.faults.filter((r) => r !== rule);
  store.changed();
  return parseFault(rule.fault);
}
