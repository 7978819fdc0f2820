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

/** The bucket settings from configuration (FILE_STORAGE=s3). */
export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  prefix: string;
};

/**
 * One client per app. With S3_ENDPOINT (an S3-compatible service) checksums are sent and checked
 * only when an operation requires them: the SDK's default CRC32 `aws-chunked` uploads are refused
 * by some such services. On AWS itself the SDK's defaults stay (decision 220).
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
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
  client: S3Client,
  opts: { bucket: string; prefix: string; folder: string; names: FileNames; neverOverwrite?: boolean },
): FileStore {
  const base = `${opts.prefix}${opts.folder}/`;
  const key = (name: string) => `${base}${name}`;

  async function exists(name: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key(name) }));
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
        await client.send(
          new PutObjectCommand({
            Bucket: opts.bucket,
            Key: key(name),
            Body: data,
            ContentLength: data.length,
            ...(opts.neverOverwrite ? { IfNoneMatch: '*' } : {}),
          }),
        );
      } catch (err) {
        if (opts.neverOverwrite && status(err) === 412) throw new StoredFileExistsError(name);
        throw err;
      }
    },
    async read(name) {
      assertSafeName(opts.names, name);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key(name) }));
        if (!res.Body) throw new StoredFileMissingError(name);
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (status(err) === 404) throw new StoredFileMissingError(name);
        throw err;
      }
    },
    async remove(name) {
      assertSafeName(opts.names, name, { temporaryToo: true });
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key(name) }));
    },
    async list() {
      const files: StoredFile[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: opts.bucket, Prefix: base, ContinuationToken: token }),
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
