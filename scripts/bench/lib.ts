/** Percentiles of latencies in milliseconds. */
export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1)! };
}

export const fmt = (ms: number) => `${ms.toFixed(3)} ms`;

export async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  return samples;
}
