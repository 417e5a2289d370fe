// Prints the current authenticator code for a key, for trying the demo without a phone:
//   npm run mfa:code -- "ABCD EFGH …"   (the key the Security page shows under the QR code)
import { totpCode } from "../lib/platform/auth/totp";

const key = process.argv.slice(2).join("").replace(/\s+/g, "").toUpperCase();
if (!/^[A-Z2-7]{16,}=*$/.test(key)) {
  console.error('usage: npm run mfa:code -- "<key shown on the Security page>"');
  process.exit(2);
}
const left = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totpCode(key)}  (valid for ${left} more seconds)`);
