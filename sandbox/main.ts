// `npm run sandbox`: the Unified Payment API and Customs emulator on its own.
import { startSandbox } from "./server";

const port = Number(process.env.SANDBOX_PORT ?? 4010);
const dataDir = process.env.SANDBOX_DATA_DIR ?? ".data/sandbox";
const sandbox = await startSandbox({
  port,
  host: process.env.SANDBOX_HOST ?? "127.0.0.1",
  dataDir,
  publicUrl: process.env.SANDBOX_PUBLIC_URL,
});
const m = sandbox.store.state.merchants.m_default;
console.log(`Sandbox listening on ${sandbox.url} (state in ${dataDir})`);
if (m) {
  console.log(
    `  private key    ${m.privateKey}\n  webhook secret ${m.webhookSecret}\n  customs token  ${m.customsToken}`,
  );
}
const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
