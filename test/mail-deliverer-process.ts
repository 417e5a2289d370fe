import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

// Starts test/mail-deliverer.ts in a process of its own: a console instance sending the
// outbox's e-mail, which a test may kill with SIGKILL (lib/notifications/instances.test.ts).

const deliverer = fileURLToPath(new URL("./mail-deliverer.ts", import.meta.url));
// As bench:notifications runs the mailer: the i18n it renders with is not the react-server build.
const serverOnlyOff = fileURLToPath(new URL("../scripts/lib/server-only-off.mjs", import.meta.url));
const children: ChildProcess[] = [];

export function startInstance(smtpUrl: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", serverOnlyOff, deliverer, smtpUrl], {
    env: { ...process.env, LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  return child;
}

export function stopInstances() {
  for (const child of children.splice(0)) child.kill("SIGKILL");
}
