import { startS3StandIn as start, type S3StandIn } from '../../scripts/lib/s3-stand-in.mjs';

export type { S3StandIn };

/**
 * A local S3 stand-in (s3rver, never real S3) on a free 127.0.0.1 port with a temporary folder and
 * the bucket created; `stop` removes the folder (decision 220).
 */
export function startS3StandIn(opts: { bucket?: string } = {}): Promise<S3StandIn> {
  return start({ bucket: opts.bucket });
}
