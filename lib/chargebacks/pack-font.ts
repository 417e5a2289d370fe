import "server-only";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";

// The pack's one font, Noto Sans SC, subset per pack: the standard PDF fonts encode WinAnsi only ("????").
const FONT = "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf";

export function packFontBytes(): Promise<Buffer> {
  return readFile(createRequire(join(process.cwd(), "package.json")).resolve(FONT));
}
