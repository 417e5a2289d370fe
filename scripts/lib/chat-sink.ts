import { createServer, type IncomingMessage } from "node:http";

// A team chat channel's receiver on loopback (issue 35): what Slack, WeCom or DingTalk would be
// for an incoming-webhook URL. Records every POST (path, query, JSON body) and answers what
// the test set: 200 `{"errcode":0}` by default, or a failure to see it recorded and retried.

export type ChatReceived = { path: string; query: Record<string, string>; body: unknown };
export type ChatSink = {
  /** http://127.0.0.1:<port>: a channel's URL is this plus any path (`/hook/managers?key=…`). */
  url: string;
  /** The messages it took (answered 2xx without a refusing errcode). */
  messages: ChatReceived[];
  /** Every request, refused ones included. */
  requests: ChatReceived[];
  /** What the next requests are answered. */
  answer: (status: number, body?: string) => void;
  close: () => Promise<void>;
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

export async function startChatSink(port = 0): Promise<ChatSink> {
  const messages: ChatReceived[] = [];
  const requests: ChatReceived[] = [];
  let reply = { status: 200, body: '{"errcode":0,"errmsg":"ok"}' };
  const server = createServer(async (req, res) => {
    const text = await read(req);
    const url = new URL(req.url ?? "/", "http://sink");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    const received = { path: url.pathname, query: Object.fromEntries(url.searchParams), body };
    requests.push(received);
    if (reply.status >= 200 && reply.status < 300 && !/"errcode":\s*[1-9]/.test(reply.body)) messages.push(received);
    res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("chat sink did not start");
  return {
    url: `http://127.0.0.1:${address.port}`,
    messages,
    requests,
    answer: (status, body = "") => {
      reply = { status, body };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
