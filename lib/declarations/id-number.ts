import "server-only";
import { openText, sealToText } from "@/lib/platform/secrets/crypto";
import { secretsKeyring } from "@/lib/platform/config";
import { idNumberSecretName } from "./sealed-id";

const ring = () => secretsKeyring();
export const sealId = (declarationId: string, idNumber: string) =>
  sealToText(idNumber, idNumberSecretName(declarationId), ring());
export const openId = (declarationId: string, sealed: string) =>
  openText(sealed, idNumberSecretName(declarationId), ring());
export const maskId = (id: string) => (id.length <= 4 ? "****" : `${"*".repeat(id.length - 4)}${id.slice(-4)}`);
