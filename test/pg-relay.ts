import { createServer, Socket, type AddressInfo } from "node:net";

/**
 * A TCP relay to PostgreSQL that can refuse new connections, freeze the open ones, or (deaf)
 * drop the server's NotificationResponse messages.
 */
export async function freezableRelay(config: { host?: string; port?: number }) {
  const pairs: { inbound: Socket; outbound: Socket; frozen: boolean }[] = [];
  const state = { refuse: false, deaf: false };
  const server = createServer((inbound) => {
    if (state.refuse) return void inbound.destroy();
    const pair = { inbound, outbound: new Socket(), frozen: false };
    pairs.push(pair);
    pair.outbound.connect(config.port ?? 5432, config.host ?? "127.0.0.1");
    inbound.on("data", (d) => pair.frozen || pair.outbound.write(d));
    let pending = Buffer.alloc(0);
    pair.outbound.on("data", (d) => {
      if (pair.frozen) return;
      if (!state.deaf) return void inbound.write(d);
      // Whole messages only (type byte, then a length that counts itself): 'A' ones dropped.
      pending = Buffer.concat([pending, d]);
      while (pending.length >= 5 && pending.length >= 1 + pending.readUInt32BE(1)) {
        const size = 1 + pending.readUInt32BE(1);
        if (pending[0] !== 0x41) inbound.write(pending.subarray(0, size));
        pending = pending.subarray(size);
      }
    });
    inbound.on("close", () => pair.outbound.destroy());
    pair.outbound.on("close", () => inbound.destroy());
    inbound.on("error", () => {});
    pair.outbound.on("error", () => {});
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return Object.assign(state, {
    port: (server.address() as AddressInfo).port,
    /** The connections open now carry nothing more, and stay open; later ones go through. */
    freeze: () => {
      for (const p of pairs) p.frozen = true;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const p of pairs) p.inbound.destroy();
        server.close(() => r());
      }),
  });
}
