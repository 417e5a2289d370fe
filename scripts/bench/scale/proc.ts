// The console's process seen from outside (Linux /proc): which process listens on its port, and
// its resident memory, sampled while a part runs. The parts get a URL, not a pid.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

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
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
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

export const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** Samples a process's RSS every `everyMs` until stopped: the samples, their max and their median. */
export function sampleRss(pid: number, everyMs = 100) {
  const samples: number[] = [];
  const take = () => {
    try {
      samples.push(rssMiB(pid));
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
      return { samples, max: sorted.at(-1) ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
    },
  };
}

/** The machine's load average now (the 2-core machine is shared: every figure says what ran beside it). */
export const loadNow = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

export const mib = (n: number) => `${n.toFixed(1)} MiB`;
export const int = (n: number) => Math.round(n).toLocaleString("en-US");
