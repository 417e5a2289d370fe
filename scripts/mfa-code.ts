// Prints the current authenticator code, for trying the demo without a phone:
//   npm run mfa:code -- finance         (a demo user of local mode, by role or e-mail)
//   npm run mfa:code -- "ABCD EFGH …"   (the key the Security page shows under the QR code)
import { totpCode } from "../lib/platform/auth/totp";
import { demoKeys } from "./lib/users";

const arg = process.argv.slice(2).join(" ").trim();
const demo = Object.entries(demoKeys(process.env.CONSOLE_DATA_DIR ?? ".data")).find(
  ([role, { email }]) => arg === role || arg.toLowerCase() === email,
);
const key = demo ? demo[1].key : arg.replace(/\s+/g, "").toUpperCase();
if (!/^[A-Z2-7]{16,}=*$/.test(key)) {
  console.error(
    /^[a-z@.]+$/i.test(arg)
      ? `"${arg}" is no demo user of this folder's local mode (admin, finance, ops or manager, made by its first npm start)`
      : 'usage: npm run mfa:code -- finance   or   npm run mfa:code -- "<key shown on the Security page>"',
  );
  process.exit(2);
}
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totpCode(key)}  (valid for ${left} more seconds)`);
