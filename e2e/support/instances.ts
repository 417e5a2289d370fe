import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../scripts/lib/net";

// Issue 18: several console instances on one PostgreSQL. Instance A is the suite's server;
// the others are the same compiled server (dist/server.mjs) started here with the suite's
// environment. Nothing is shared between them but the database. What the scale-out-*.spec.ts
// files share: the suite's port, a suffix for references, the starter.

export const run = Date.now().toString(36);
export const PORT_A = Number(process.env.E2E_PORT ?? 3107);

export type Instance = { url: string; port: number; child: ChildProcess; exited: Promise<number | null> };

// Whatever ends the worker (a failed test, a time-out mid-start), no instance outlives it: one
// left running once took jobs from the next run's database with a sandbox that was gone.
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** The server refused its port (it exits at once saying so, server/main.ts). */
class PortTaken extends Error {}

/** The compiled server on `port`, once /api/health answers; its output's tail in the error if it never does. */
export async function startOn(port: number, env: Record<string, string> = {}): Promise<Instance> {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/server.mjs", "-p", String(port)], {
    env: { ...process.env, NEXTAUTH_URL: url, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) {
      const reason = `instance on ${port} exited (${child.exitCode}):\n${output}`;
      throw output.includes("EADDRINUSE") ? new PortTaken(reason) : new Error(reason);
    }
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, port, child, exited };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`instance on ${port} did not answer /api/health after 120 tries:\n${output}`);
}

/**
 * One more instance, on a port that was free a moment before. A fixed offset from the suite's
 * port once met a port some other process held; a port taken between the check and the
 * server's listen is tried again elsewhere.
 */
export async function startInstance(env: Record<string, string> = {}): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), env);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt === 3) throw e;
    }
  }
}

/** `count` instances started side by side; if one fails, the others are stopped before the error. */
export async function startInstances(count: number, env: Record<string, string> = {}): Promise<Instance[]> {
  const settled = await Promise.allSettled(Array.from({ length: count }, () => startInstance(env)));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (!failed) return settled.map((s) => (s as PromiseFulfilledResult<Instance>).value);
  for (const s of settled) if (s.status === "fulfilled") s.value.child.kill("SIGKILL");
  throw failed.reason;
}
