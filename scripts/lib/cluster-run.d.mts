/** Types for cluster-run.mjs: `npm run cluster` as a function (decision 226). */
export type Cluster = {
  /** nginx, in front of every instance. */
  url: string;
  dir: string;
  databaseUrl: string;
  /** FILE_STORAGE and the S3_* keys the instances use. */
  storageEnv: Record<string, string>;
  instances: { name: string; port: number; url: string; logFile: string }[];
  /** What an instance printed, over all its runs. */
  output(name: string): string;
  pidOf(name: string): number | undefined;
  /** SIGTERM one instance and wait for it to exit. */
  stopInstance(name: string): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Starts a stopped instance again on its port; resolves when /readyz is 200. */
  startInstance(name: string): Promise<void>;
  /** As `systemctl restart`: SIGTERM, wait for the exit, start again (not waited for). */
  restartInstance(name: string): Promise<void>;
  /** Whether the instance's process, started last, has exited (one that cannot start). */
  hasExited(name: string): boolean;
  /** Takes an instance out of nginx's list (`down`) or puts it back, with a reload. */
  setInstanceDown(name: string, down: boolean): Promise<void>;
  stop(): Promise<void>;
};

export function startCluster(opts?: {
  dir?: string;
  /** nginx's port; 0 picks a free one; default 5000. */
  port?: number;
  instances?: number;
  storage?: 's3' | 'local';
  /** The folder the instances run from (dist/, drizzle/): the checkout by default. */
  appDir?: string;
  /** Settings for every instance, over the cluster's own. */
  env?: Record<string, string>;
  log?: (line: string) => void;
  onInstanceLine?: (name: string, line: string) => void;
}): Promise<Cluster>;
