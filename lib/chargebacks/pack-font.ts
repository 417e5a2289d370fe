import "server-only";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";

// The pack's one font: Noto Sans SC (SIL Open Font License), Latin and every CJK character a
// person may type, embedded as a subset of the glyphs a pack uses. The standard PDF fonts
// encode WinAnsi only, which turned a Chinese note into "????". Read per pack (10 MB, a few
// milliseconds) rather than kept: packs are rare and local mode counts its memory. Resolved
// from the project at run time, as the migrations are, not bundled into the server's chunks.
const FONT = "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf";

export function packFontBytes(): Promise<Buffer> {
  return readFile(createRequire(join(process.cwd(), "package.json")).resolve(FONT));
}
