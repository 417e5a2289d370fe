import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { alive } from "./alive";

/**
 * Marks `dataRoot` as used by this launcher (`<dataRoot>/console.pid`) and answers the clean-up
 * that releases it. Another live launcher on the same directory is an error that names it; the
 * mark of one that died (killed, crashed) is taken over.
 */
export function holdDataDir(dataRoot: string): () => Promise<void> {
  mkdirSync(dataRoot, { recursive: true });
  const file = join(dataRoot, "console.pid");
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8").trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
      throw new Error(
        `another npm start (process ${pid}) is running on ${dataRoot}: stop it first, or give this one its own CONSOLE_DATA_DIR.`,
      );
  }
  writeFileSync(file, `${process.pid}\n`);
  return async () => {
    if (existsSync(file) && readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
  };
}
