import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Store } from "./store";
import { Webhooks } from "./webhooks";
import type { Ctx } from "./context";
import { parseBody, readBody, send, json, type Reply, type Req } from "./http";
import { apiRoutes, failureReply } from "./api";
import { controlRoutes, requireControlToken } from "./control";
import { faultFor, type Fault } from "./faults";
import { UpiFailure } from "./envelope";

export type Sandbox = { server: Server; store: Store; webhooks: Webhooks; url: string; close(): Promise<void> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const plain = (status: number): Reply => ({ status, text: `HTTP ${status} from a proxy in front of the service` });

export async function startSandbox(
  options: { port?: number; host?: string; dataDir?: string | null; publicUrl?: string; extensions?: boolean } = {},
): Promise<Sandbox> {
  const store = new Store(options.dataDir ?? null);
  if (options.extensions !== undefined) store.extensions = options.extensions;
  const webhooks = new Webhooks(store);
  const ctx: Ctx = { store, webhooks };
  const api = apiRoutes(ctx);
  const control = controlRoutes(ctx);
  let publicUrl = options.publicUrl ?? "";

  const server = createServer(async (incoming, res) => {
    const url = new URL(incoming.url ?? "/", "http://sandbox");
    let raw = "";
    try {
      raw = await readBody(incoming);
    } catch {
      return send(res, json(413, { status: "fail", data: { code: "4000", message: "bad request: body too large" } }));
    }
    const req: Req = {
      method: incoming.method ?? "GET",
      path: url.pathname.replace(/\/+$/, "") || "/",
      query: url.searchParams,
      headers: incoming.headers,
      rawBody: raw,
      body: parseBody(raw, incoming.headers["content-type"]),
      params: {},
      baseUrl: publicUrl || `http://${incoming.headers.host ?? "localhost"}`,
    };
    const isControl = req.path.startsWith("/__sandbox/");
    if (isControl && !requireControlToken(req))
      return send(res, json(401, { error: "X-Sandbox-Control-Token required" }));
    const found = (isControl ? control : api).match(req.method, req.path);
    if (!found) return send(res, json(404, { status: "fail", data: { code: "4103", message: "not found" } }));
    if (found === "method")
      return send(
        res,
        json(405, { status: "fail", data: { code: "4000", message: "bad request: method not allowed" } }),
      );
    req.params = found.params;

    let fault: Fault | null = null;
    if (!isControl) {
      store.hear(req.method, req.path, req.body, req.query);
      try {
        fault = faultFor(store, req);
      } catch (e) {
        return send(res, json(400, { error: (e as Error).message }));
      }
    }
    if (fault?.latencyMs) await sleep(fault.latencyMs);
    if (fault?.hang === "before") return hang(res);
    if (fault?.reset === "before") return void res.socket?.destroy();
    if (fault?.error?.when === "before") return send(res, failureReply(new UpiFailure(fault.error.code))!);
    if (fault?.http?.when === "before") return send(res, plain(fault.http.status));

    let reply: Reply;
    try {
      reply = await found.handler(req);
    } catch (error) {
      const known = failureReply(error, store.extensions);
      if (!known) console.error("sandbox: unhandled error", error);
      reply = known ?? json(500, new UpiFailure("5100").body());
    }
    if (fault?.hang === "after") return hang(res);
    if (fault?.reset === "after") return void res.socket?.destroy();
    if (fault?.error?.when === "after") return send(res, failureReply(new UpiFailure(fault.error.code))!);
    if (fault?.http?.when === "after") return send(res, plain(fault.http.status));
    send(res, reply);
  });

  function hang(res: import("node:http").ServerResponse) {
    // Never answer; drop the socket after ten minutes so nothing leaks for ever.
    setTimeout(() => res.socket?.destroy(), 600_000).unref();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  publicUrl ||= url;
  server.keepAliveTimeout = 30_000;
  webhooks.start();
  return {
    server,
    store,
    webhooks,
    url,
    async close() {
      webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Last, once no request can change the state: a flush before left a request still in flight
      // to set a new timer, which wrote into a data directory already removed (ENOENT).
      store.flush();
    },
  };
}
