// What limits a missed figure, from the console's own statements: bench:scale turns on
// PostgreSQL's auto_explain for its database (every statement of SLOW_MS or more writes its plan
// to the server's log), and a figure reads the log lines its timed requests wrote. The bench's
// own client (baselines, plans) turns it off for itself (`quiet`).
import { closeSync, openSync, readSync, statSync } from "node:fs";
import type pg from "pg";

export const SLOW_MS = 10;

/** `ALTER DATABASE … SET` for startStack: auto_explain in every session, plans of slow statements. */
export const explainSettings = {
  session_preload_libraries: "auto_explain",
  "auto_explain.log_min_duration": `${SLOW_MS}ms`,
};

/** The bench's own SQL (naive baselines at seconds each) is not the console's. */
export const quiet = (c: pg.Client) => c.query("SET auto_explain.log_min_duration = -1");

type Entry = { ms: number; query: string; plan: string[] };

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  if (size <= offset) return "";
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(size - offset);
    readSync(fd, buf, 0, buf.length, offset);
    return buf.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** The log's entries "duration: N ms  plan:" — continuation lines start with a tab. */
export function entries(text: string): Entry[] {
  const out: Entry[] = [];
  let cur: { ms: number; lines: string[] } | undefined;
  const close = () => {
    if (!cur) return;
    const nodeAt = cur.lines.findIndex((l) => l.includes("(cost="));
    // The query's own lines, without the values it ran with: the same statement with another
    // cursor or reference is one statement.
    const head = (nodeAt < 0 ? cur.lines : cur.lines.slice(0, nodeAt)).filter(
      (l) => !l.startsWith("Query Parameters:"),
    );
    out.push({
      ms: cur.ms,
      query: head
        .join(" ")
        .replace(/^Query Text:\s*/, "")
        .replace(/\s+/g, " ")
        .trim(),
      plan: nodeAt < 0 ? [] : cur.lines.slice(nodeAt),
    });
    cur = undefined;
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("\t")) {
      cur?.lines.push(line.slice(1));
      continue;
    }
    close();
    const m = / LOG: {2}duration: ([\d.]+) ms {2}plan:$/.exec(line);
    if (m) cur = { ms: Number(m[1]), lines: [] };
  }
  close();
  return out;
}

/** A plan in one line: each node without its costs, `→` to the node below, conditions kept short. */
export function planLine(plan: string[], max = 6): string {
  return plan
    .map((l) => l.replace(/^\s*->\s*/, "").trim())
    .filter(Boolean)
    .map((l) => l.replace(/\s*\(cost=[^)]*\)/, ""))
    .slice(0, max)
    .join(" → ")
    .slice(0, 600);
}

/** Marks the log now; `limits()` then says which statements of the requests since took SLOW_MS or more. */
export function watch(file: string | undefined) {
  const offset = file ? statSync(file).size : 0;
  return {
    limits(requests: number): string {
      if (!file) return "";
      const got = entries(readFrom(file, offset));
      if (got.length === 0)
        return `no statement of its took ${SLOW_MS} ms or more (auto_explain): the time is the console's own work per request`;
      const by = new Map<string, Entry[]>();
      for (const e of got) {
        const key = e.query.slice(0, 160);
        by.set(key, [...(by.get(key) ?? []), e]);
      }
      const ranked = [...by.values()]
        .map((list) => ({ list, total: list.reduce((n, e) => n + e.ms, 0) }))
        .sort((a, b) => b.total - a.total);
      // A statement in at least half the requests is the request's own; fewer is the jobs' work
      // running beside them (sweeps, deliveries), which shares the cores but is not the request.
      const own = ranked.filter((r) => r.list.length * 2 >= requests);
      const background = ranked.filter((r) => r.list.length * 2 < requests);
      const also = background.length
        ? `; beside them, the jobs' statements of ${SLOW_MS} ms or more: ${background
            .slice(0, 2)
            .map((r) => `${r.list.length}× ${r.list[0]!.query.slice(0, 60)}…`)
            .join(", ")}`
        : "";
      if (own.length === 0)
        return `no statement of its took ${SLOW_MS} ms or more in most requests (auto_explain): the time is the console's own work per request${also}`;
      const top = own[0]!;
      const mid = [...top.list].sort((a, b) => a.ms - b.ms)[Math.floor(top.list.length / 2)]!;
      const each = (top.total / Math.max(1, requests)).toFixed(1);
      return (
        `slowest of its statements (auto_explain, ≥ ${SLOW_MS} ms, ${requests} requests): ` +
        `${top.list.length}× p50 ${mid.ms.toFixed(1)} ms (${each} ms a request) — ${top.list[0]!.query.slice(0, 160)} — plan: ${planLine(mid.plan)}` +
        (own.length > 1 ? `; next: ${own[1]!.list[0]!.query.slice(0, 80)} (${own[1]!.list.length}×)` : "") +
        also
      );
    },
  };
}
