/** Types for build-server.mjs: the server compiled to JavaScript (decision 339). */
export function buildServer(outdir: string): Promise<void>;
/** The embedded database's thread alone, compiled to `outfile` (decision 436). */
export function buildPgliteWorker(outfile: string): Promise<void>;
