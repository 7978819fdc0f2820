import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertSafeName,
  StoredFileExistsError,
  StoredFileMissingError,
  type FileNames,
  type FileStore,
  type StoredFile,
} from './storage';
import { AppError } from '../http/errors';

/** The bucket settings from configuration (FILE_STORAGE=s3). */
export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  prefix: string;
  /** Tests only: shorter limits than S3_TIMEOUTS. */
  timeouts?: S3Timeouts;
};

export type S3Timeouts = { connectionMs: number; idleMs: number; attempts: number };

/**
 * A bucket that does not answer must not hold a request (and its upload in memory) for minutes: the
 * SDK by default waits for a connection and on a silent socket without a limit and tries three times.
 * A connection in 3 s, no more than 10 s without a byte moving (a 5 MB photo keeps moving), two
 * tries: at most about 25 s, then 503 (docs/decisions/402-providers-down-offline-retry-rtl.md).
 */
export const S3_TIMEOUTS: S3Timeouts = { connectionMs: 3_000, idleMs: 10_000, attempts: 2 };

export const FILE_STORAGE_UNAVAILABLE_MESSAGE =
  'Photos and documents cannot be saved or opened just now: the file storage is not answering. Please try again in a few minutes.';

/** The bucket could not be reached or answered 5xx: 503 with FILE_STORAGE_UNAVAILABLE_MESSAGE. */
export class FileStorageUnavailable extends AppError {
  constructor(cause: unknown) {
    super('UNAVAILABLE', FILE_STORAGE_UNAVAILABLE_MESSAGE);
    this.cause = cause;
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** `call`, with a failure to reach the bucket turned into FileStorageUnavailable. */
async function reachable<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (isUnreachable(err)) throw new FileStorageUnavailable(err);
    throw err;
  }
}

/** Whether an S3 call failed because the service could not be reached or could not answer. */
function isUnreachable(err: unknown): boolean {
  if (err instanceof S3ServiceException) return (err.$metadata.httpStatusCode ?? 0) >= 500;
  const e = err as { name?: unknown; code?: unknown } | null;
  return (
    e?.name === 'TimeoutError' ||
    e?.name === 'RequestTimeout' ||
    (typeof e?.code === 'string' && NETWORK_CODES.has(e.code))
  );
}

/**
 * One client per app. With S3_ENDPOINT (an S3-compatible service) checksums are sent and checked
 * only when an operation requires them: the SDK's default CRC32 `aws-chunked` uploads are refused
 * by some such services. On AWS itself the SDK's defaults stay (decision 220).
 */
export function createS3Client(settings: S3Settings): S3Client {
  const timeouts = settings.timeouts ?? S3_TIMEOUTS;
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestHandler: {
      connectionTimeout: timeouts.connectionMs,
      requestTimeout: timeouts.idleMs,
      throwOnRequestTimeout: true,
    },
    maxAttempts: timeouts.attempts,
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const }
      : {}),
  });
}

function status(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

/**
 * One kind of file in a bucket, under `<prefix><folder>/<name>`. A PUT is atomic (no temporary
 * objects). With `neverOverwrite` (invoice PDFs, decision 200) a save first checks the name is free
 * and then PUTs with `If-None-Match: *`, which AWS S3 enforces atomically; a service that ignores
 * that header (s3rver) still gets the check, so only two saves racing on one random name could
 * overwrite there (decision 220).
 */
export function createS3FileStore(
  s3: S3Client,
  opts: { bucket: string; prefix: string; folder: string; names: FileNames; neverOverwrite?: boolean },
): FileStore {
  const base = `${opts.prefix}${opts.folder}/`;
  const key = (name: string) => `${base}${name}`;

  async function exists(name: string): Promise<boolean> {
    try {
      await reachable(s3.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key(name) })));
      return true;
    } catch (err) {
      if (status(err) === 404) return false;
      throw err;
    }
  }

  return {
    async save(name, data) {
      assertSafeName(opts.names, name);
      if (opts.neverOverwrite && (await exists(name))) throw new StoredFileExistsError(name);
      try {
        await reachable(
          s3.send(
            new PutObjectCommand({
              Bucket: opts.bucket,
              Key: key(name),
              Body: data,
              ContentLength: data.length,
              ...(opts.neverOverwrite ? { IfNoneMatch: '*' } : {}),
            }),
          ),
        );
      } catch (err) {
        if (opts.neverOverwrite && status(err) === 412) throw new StoredFileExistsError(name);
        throw err;
      }
    },
    async read(name) {
      assertSafeName(opts.names, name);
      try {
        const res = await reachable(s3.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key(name) })));
        if (!res.Body) throw new StoredFileMissingError(name);
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (status(err) === 404) throw new StoredFileMissingError(name);
        throw err;
      }
    },
    async remove(name) {
      assertSafeName(opts.names, name, { temporaryToo: true });
      await reachable(s3.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key(name) })));
    },
    async list() {
      const files: StoredFile[] = [];
      let token: string | undefined;
      do {
        const page = await reachable(
          s3.send(new ListObjectsV2Command({ Bucket: opts.bucket, Prefix: base, ContinuationToken: token })),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(base.length) ?? '';
          if (opts.names.safe.test(name))
            files.push({ name, modifiedAt: object.LastModified ?? new Date(0), isTemporary: false });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return files;
    },
  };
}
