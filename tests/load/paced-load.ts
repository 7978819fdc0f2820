import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoadResult } from './load-runs';

export type PacedRequest = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

/**
 * An open-loop load at a truly fixed rate: request i is due at start + i / rate, whatever happened
 * to the ones before, and its latency counts from that moment (so a stalled server cannot hide its
 * queue by slowing the sender). autocannon's `overallRate` instead lets each connection send its
 * quota for the second back to back as soon as the second begins, a burst every second (decision
 * 233). Up to `connections` keep-alive connections; a request that finds none free waits, and
 * that wait is part of its latency.
 */
export async function runPaced(opts: {
  baseUrl: string;
  rate: number;
  requests: PacedRequest[];
  connections: number;
}): Promise<LoadResult> {
  const url = new URL(opts.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  const start = performance.now() + 50;
  const intervalMs = 1000 / opts.rate;

  const send = (req: PacedRequest, dueAt: number) =>
    new Promise<void>((resolve) => {
      const r = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: req.method,
          path: req.path,
          headers: { ...req.headers, ...(req.body ? { 'content-length': Buffer.byteLength(req.body) } : {}) },
          agent,
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - dueAt);
            const code = String(res.statusCode ?? 0);
            statusCounts[code] = (statusCounts[code] ?? 0) + 1;
            resolve();
          });
        },
      );
      r.on('timeout', () => r.destroy(new Error('timeout')));
      r.on('error', () => {
        errors++;
        resolve();
      });
      r.end(req.body);
    });

  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < opts.requests.length; i++) {
    const dueAt = start + i * intervalMs;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(send(opts.requests[i]!, dueAt));
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - start) / 1000;
  agent.destroy();

  latencies.sort((x, y) => x - y);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const non2xx = Object.entries(statusCounts)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((n, [, count]) => n + count, 0);
  return {
    total: opts.requests.length,
    rps: opts.requests.length / elapsedS,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
    errors,
    non2xx,
    statusCounts,
  };
}
