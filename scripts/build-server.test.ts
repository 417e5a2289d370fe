import { readFileSync } from "node:fs";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module without types
import { serverBuild } from "./build-server.mjs";

// The console's own server (dist/server.mjs) must load no Next-only module: through a domain's
// face (lib/<domain>/index.ts) it reads modules that import `server-only`, and the bundle keeps
// only the ones whose exports it uses.
describe("the console's server bundle", () => {
  it("holds no module that imports server-only, though it reads domains' faces", async () => {
    const { metafile } = await build({ ...serverBuild, write: false, metafile: true, sourcemap: false });
    const bundled = Object.values(metafile?.outputs ?? {}).flatMap((o) => Object.keys(o.inputs));
    expect(bundled.some((f) => /^lib\/[a-z-]+\/index\.ts$/.test(f))).toBe(true);
    const serverOnly = bundled.filter(
      (f) => f.startsWith("lib/") && /^\s*import\s+["']server-only["']/m.test(readFileSync(f, "utf8")),
    );
    expect(serverOnly).toEqual([]);
  });
});
