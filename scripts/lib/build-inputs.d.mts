/** Types for build-inputs.mjs: what a build reads, as one hash, and whether a build is current. */
export const BUILD_INPUTS: readonly string[];
export function buildInputFiles(root: string): string[];
export function buildInputsHash(root: string): string;
export function whyRebuild(outDir: string, inputsHash: string): string | undefined;
