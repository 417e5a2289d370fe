import { spawn } from "node:child_process";

/**
 * Runs a command with inherited output and resolves with its exit code. Asynchronous on
 * purpose: `npm start` serves the embedded database from its own event loop, which a
 * synchronous child would block (a deadlock).
 */
export function spawnAndWait(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(cmd, args, { stdio: "inherit", env });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}
