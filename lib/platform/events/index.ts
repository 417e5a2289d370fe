import "server-only";
import { config } from "@/lib/platform/config";
import { pgConfigFromUrl } from "@/lib/platform/db-url";
import { watchConfig, type ConfigBus } from "./config-bus";
import { createConfigBus } from "./config-bus-connection";

let bus: ConfigBus | null = null;
let stopped = false;

/** This module graph's bus, started on first use. */
export function configBus(): ConfigBus {
  if (!bus) {
    const url = config().databaseUrl;
    if (!url) throw new Error("DATABASE_URL is not set (npm start sets it for the embedded database)");
    bus = createConfigBus(pgConfigFromUrl(url));
    if (!stopped) void bus.start();
  }
  return bus;
}

/** Closes the bus at shutdown; caches then keep each value at most a second. */
export async function stopConfigBus(): Promise<void> {
  stopped = true;
  await bus?.close();
}

/** Keeps a cache of this process coherent on the application's bus (see watchConfig). */
export function watchConfigChanges(topics: readonly string[], forget: () => void): () => void {
  return watchConfig(configBus, topics, forget);
}

export { CONFIG_TOPICS, publishConfigChange } from "./config-bus";
