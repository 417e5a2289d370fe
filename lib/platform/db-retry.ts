// A deadlock rolls one transaction back whole; one written to be run again (writes guarded by state) may be.

const DEADLOCK = /deadlock detected|40P01/;

/** Whether an error (Prisma's driver adapter error, or pg's) is PostgreSQL's deadlock victim. */
export function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { message, code, cause } = e as { message?: unknown; code?: unknown; cause?: unknown };
    if (code === "40P01" || (typeof message === "string" && DEADLOCK.test(message))) return true;
    e = cause;
  }
  return false;
}

/** Runs `work`, again (up to `tries` times in all) when it was a deadlock's victim. */
export async function retryOnDeadlock<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !isDeadlock(error)) throw error;
    }
  }
}
