/** Thrown by withDeadline when the work did not finish in time. */
export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "DeadlineExceeded";
  }
}

/** `work` or DeadlineExceeded after `ms`; the work is not cancelled, so queries need their own statement_timeout. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(ms)), ms);
    timer.unref();
  });
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
