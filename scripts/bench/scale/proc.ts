// The console's process seen from outside (Linux /proc): which process listens on its port, and
// its resident memory, sampled while a part runs. The parts get a URL, not a pid.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { cpus } from "node:os";

/** Every process id in /proc. */
const processIds = () => readdirSync("/proc").filter((d) => /^\d+$/.test(d));

/** The pid of the process listening on a TCP port (IPv4 or IPv6), or null. */
export function pidListeningOn(port: number): number | null {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is ADDR:PORT, st 0A is LISTEN, the inode is the tenth field.
      if (f[1]?.endsWith(`:${hex}`) && f[3] === "0A" && f[9]) inodes.add(f[9]);
    }
  }
  if (!inodes.size) return null;
  for (const pid of processIds()) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return Number(pid);
      } catch {}
    }
  }
  return null;
}

/** The console's pid from its URL; throws when it cannot be found (another user's process, say). */
export function consolePid(baseUrl: string): number {
  const url = new URL(baseUrl);
  const pid = pidListeningOn(Number(url.port || 80));
  if (!pid) throw new Error(`no process found listening on ${url.port} (is the console another user's?)`);
  return pid;
}

/** A field of /proc/PID/status in MiB: VmRSS, or its parts RssAnon (heaps, buffers) and RssFile (mapped files). */
const statusMiB = (pid: number, field: "VmRSS" | "RssAnon" | "RssFile") =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

export const rssMiB = (pid: number) => statusMiB(pid, "VmRSS");

/** What the resident memory is: anonymous (V8's heap, Buffers, malloc) and mapped files (code, libraries). */
export const rssParts = (pid: number) => ({ anon: statusMiB(pid, "RssAnon"), file: statusMiB(pid, "RssFile") });

/**
 * Samples a process's RSS every `everyMs` until stopped: the samples, their max and their median,
 * and the max's parts (anonymous, mapped files), so a growth says whether it is data or code.
 */
export function sampleRss(pid: number, everyMs = 100) {
  const samples: number[] = [];
  let atMax = { anon: 0, file: 0 };
  let max = -1;
  const take = () => {
    try {
      const rss = rssMiB(pid);
      if (rss > max) [max, atMax] = [rss, rssParts(pid)];
      samples.push(rss);
    } catch {}
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      const sorted = [...samples].sort((a, b) => a - b);
      return { samples, max: sorted.at(-1) ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0, atMax };
    },
  };
}

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds a process has used so far (utime + stime of /proc/PID/stat), 0 once it is gone. */
export function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every PostgreSQL server process (backends, writers, autovacuum). */
export function postgresCpu(): number {
  let sum = 0;
  for (const pid of processIds()) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") sum += cpuOf(Number(pid));
    } catch {}
  }
  return sum;
}

/** The machine's CPU seconds so far, busy and in all (/proc/stat, every core). */
export function machineCpu(): { busy: number; all: number } {
  const [, ...f] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const n = f.map(Number);
  const all = n.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = n[3]! + n[4]!;
  return { busy: (all - idle) / TICKS, all: all / TICKS };
}

/**
 * Where the machine's CPU went while a phase ran: busy share of all cores, and the cores each of
 * the console, PostgreSQL and the sender kept busy on average (the sender's own figure, from its
 * process). Postgres backends that ended during the phase are not counted, so its share is a floor.
 */
export function cpuMeter(consolePid: number) {
  const start = { machine: machineCpu(), console: cpuOf(consolePid), postgres: postgresCpu(), at: performance.now() };
  return (senderCpuSeconds: number) => {
    const seconds = (performance.now() - start.at) / 1000;
    const m = machineCpu();
    const cores = (s: number) => (s / seconds).toFixed(2);
    return `CPU over the phase: ${((100 * (m.busy - start.machine.busy)) / (m.all - start.machine.all)).toFixed(0)}% of ${cpus().length} cores busy; cores in use — console ${cores(cpuOf(consolePid) - start.console)}, PostgreSQL ${cores(postgresCpu() - start.postgres)}, sender ${cores(senderCpuSeconds)}`;
  };
}

/** The machine's load average now (the 2-core machine is shared: every figure says what ran beside it). */
export const loadNow = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

export const mib = (n: number) => `${n.toFixed(1)} MiB`;
export const int = (n: number) => Math.round(n).toLocaleString("en-US");
