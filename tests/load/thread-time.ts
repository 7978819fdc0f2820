/** The trace event fields read here (Chromium's trace format: times in microseconds). */
export type TraceEvent = {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

/** Lighthouse's mobile test: each task is taken at four times its length, and blocks for what it lasts over 50 ms. */
const CPU_SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

/**
 * Total blocking time estimated from a Lighthouse trace twice: from each main-thread task's wall
 * time after the first paint, as Lighthouse's simulation does, and from the CPU time the thread
 * got in the same task (`tdur`). On a machine whose cores the browser shares with the server and
 * Lighthouse itself, the gap between them is time spent waiting for a core, not the page's work
 * (docs/staff-dashboard-speed.md). Lighthouse's own figure also stops at its estimate of when the
 * page became interactive, so it differs a little from the wall-time sum.
 */
export function blockingEstimate(events: TraceEvent[]): { wallMs: number; cpuMs: number } | null {
  const threadNames = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const busy = (pid: number, tid: number) =>
    tasks.reduce((sum, t) => (t.pid === pid && t.tid === tid ? sum + (t.dur ?? 0) : sum), 0);
  // The renderer that ran the page is the one whose main thread was busiest.
  const main = threadNames.sort((a, b) => busy(b.pid, b.tid) - busy(a.pid, a.tid))[0];
  if (!main) return null;
  const firstPaint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  if (!firstPaint) return null;
  const blocking = (ms: number) => Math.max(0, ms * CPU_SLOWDOWN - BLOCKING_FROM_MS);
  let wallMs = 0;
  let cpuMs = 0;
  for (const t of tasks) {
    if (t.pid !== main.pid || t.tid !== main.tid || t.ts < firstPaint.ts) continue;
    wallMs += blocking((t.dur ?? 0) / 1000);
    cpuMs += blocking((t.tdur ?? t.dur ?? 0) / 1000);
  }
  return { wallMs: Math.round(wallMs), cpuMs: Math.round(cpuMs) };
}
