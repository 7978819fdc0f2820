/** Types for scratch.mjs: where tests keep throwaway database files. */
export function makeScratchDir(prefix: string): string;
