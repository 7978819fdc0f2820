/** Types for s3-stand-in.mjs: a local S3 stand-in (s3rver, never real S3). */
export type S3StandIn = {
  bucket: string;
  port: number;
  endpoint: string;
  directory: string;
  /** FILE_STORAGE=s3 and the S3_* keys that point the app at the stand-in. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export function startS3StandIn(opts?: {
  bucket?: string;
  port?: number;
  directory?: string;
  /** A key and certificate (PEM): the stand-in answers https. */
  tls?: { key: string | Buffer; cert: string | Buffer };
  log?: (line: string) => void;
}): Promise<S3StandIn>;
