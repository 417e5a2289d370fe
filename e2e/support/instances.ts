import { spawn, type ChildProcess } from "node:child_process";

// Issue 18: several console instances on one PostgreSQL. Instance A is the suite's server;
// B (and C, which is killed) are the same compiled server (dist/server.mjs) started here with
// the suite's environment. Nothing is shared between them but the database. What the
// scale-out-*.spec.ts files share: the suite's port, a suffix for references, the starter.

export const run = Date.now().toString(36);
export const PORT_A = Number(process.env.E2E_PORT ?? 3107);

export type Instance = { url: string; child: ChildProcess; exited: Promise<number | null> };

export async function startInstance(port: number, env: Record<string, string> = {}): Promise<Instance> {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/server.mjs", "-p", String(port)], {
    env: { ...process.env, NEXTAUTH_URL: url, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited (${child.exitCode})`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child, exited };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`instance on ${port} did not start`);
}
