import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

// Starts test/batch-sender.ts in a process of its own, against the given sandbox: a console
// instance a test may kill with SIGKILL (lib/refund-batches/kill.test.ts).

const sender = fileURLToPath(new URL("./batch-sender.ts", import.meta.url));
const serverOnlyOff = fileURLToPath(new URL("../scripts/lib/server-only-off.mjs", import.meta.url));

export function startSender(
  batchId: string,
  sandboxUrl: string,
): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--import", serverOnlyOff, "--import", "tsx", sender, batchId], {
    env: { ...process.env, UPI_BASE_URL: sandboxUrl, CUSTOMS_BASE_URL: sandboxUrl, LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { child, exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))) };
}
