// `npm start` and `npm run dev`: compile the server and its launcher (scripts/build-server.mjs),
// then run the launcher as JavaScript — no transpiler at run time.
import { buildServer } from "./build-server.mjs";

await buildServer();
await import("../dist/start.mjs");
