import { deliverDue } from "@/lib/notifications/deliver";
import { sendMail } from "@/lib/platform/mail/transport";

// A console instance that only sends the outbox's e-mail, as its job workers do, in a process of
// its own so a test can kill it with SIGKILL (lib/notifications/instances.test.ts).
// Usage: node --import tsx --import ./scripts/lib/server-only-off.mjs test/mail-deliverer.ts <smtp url>

const smtpUrl = process.argv[2]!;
for (;;) {
  await deliverDue((mail) => sendMail(mail, smtpUrl));
  await new Promise((resolve) => setTimeout(resolve, 50));
}
