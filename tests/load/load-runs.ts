import autocannon from 'autocannon';

/** One load run's figures: latencies in ms, throughput in requests per second. */
export type LoadResult = {
  total: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  statusCounts: Record<string, number>;
};

type RunOptions = {
  url: string;
  connections: number;
  durationS?: number;
  /** Stop after this many requests (overrides the duration). */
  amount?: number;
  /** Stop at the duration or once this many have been answered, whichever comes first. */
  maxAnswered?: number;
  /** Requests per second across all connections; none: closed loop (each connection sends as soon as answered). */
  overallRate?: number;
  /** Cycled through per connection; default a GET of `url`. */
  requests?: autocannon.Request[];
  headers?: Record<string, string>;
};

/** Runs autocannon (programmatic API) and returns the figures that the budgets read. */
export async function runLoad(opts: RunOptions): Promise<LoadResult> {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.durationS ?? 10,
        amount: opts.amount,
        overallRate: opts.overallRate,
        headers: opts.headers,
        requests: opts.requests,
        timeout: 10,
      },
      (err: unknown, r: autocannon.Result) => (err ? reject(err as Error) : resolve(r)),
    );
    if (opts.maxAnswered === undefined) return;
    const max = opts.maxAnswered;
    let answered = 0;
    run.on('response', () => {
      if (++answered === max) run.stop();
    });
  });
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, (s as { count: number }).count]),
  );
  return {
    total: result.requests.total,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statusCounts,
  };
}
