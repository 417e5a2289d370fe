// A worker thread's entry: TypeScript and the "@/" paths through tsx, then the instance.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.file);
