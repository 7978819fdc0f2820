import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../tests/helpers/s3-stand-in';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { buildApp } from '../app';
import { fixedClock } from '../clock';
import { loadConfig } from '../config';
import { jobPhotos } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { LEFTOVER_GRACE_MS } from './leftovers';
import { StoredFileExistsError, StoredFileMissingError } from './storage';
import { createFileStorage, describeFileStorage, type FileStorage } from './storage-choice';
import { createS3Client } from './storage-s3';

/**
 * One contract for every backend of photo and invoice PDF files (decision 220): local disk under
 * DATA_DIR, and an S3 bucket (a local s3rver stand-in, started here).
 */
type Backend = {
  env: Record<string, string>;
  files: FileStorage;
  /** Puts a file with a name the app never generates next to the photos, as another tool might. */
  putForeign(name: string): Promise<void>;
  stop(): Promise<void>;
};

async function localBackend(): Promise<Backend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-local-'));
  const env = { DATA_DIR: dataDir, FILE_STORAGE: 'local' };
  const files = createFileStorage(loadConfig(env));
  return {
    env,
    files,
    async putForeign(name) {
      fs.mkdirSync(path.join(dataDir, 'photos'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'photos', name), 'not ours');
    },
    async stop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function s3SettingsOf(env: Record<string, string>) {
  const settings = loadConfig(env).fileStorage;
  if (settings.kind !== 's3') throw new Error('expected FILE_STORAGE=s3');
  return settings;
}

async function s3Backend(): Promise<Backend> {
  const standIn: S3StandIn = await startS3StandIn();
  const env = { ...standIn.env, S3_PREFIX: 'shop' };
  const files = createFileStorage(loadConfig(env));
  const client = createS3Client(s3SettingsOf(env));
  return {
    env,
    files,
    async putForeign(name) {
      await client.send(new PutObjectCommand({ Bucket: standIn.bucket, Key: `shop/photos/${name}`, Body: 'not ours' }));
    },
    async stop() {
      files.close();
      client.destroy();
      await standIn.stop();
    },
  };
}

const photo = (n: number, ext = 'jpg') => `${String(n).padStart(32, 'a')}.${ext}`;
const pdf = (n: number) => `INV-${String(n).padStart(6, '0')}-v1-0badc0de.pdf`;
const names = (list: { name: string }[]) => list.map((f) => f.name).sort();

describe.each([
  ['local disk', localBackend],
  ['S3 (s3rver stand-in)', s3Backend],
])('file storage on %s', (_label, open) => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await open();
  });
  afterAll(async () => backend.stop());

  it('saves, reads, lists and removes photos and invoice PDFs, each kind apart', async () => {
    const { photos, pdfs } = backend.files;
    await photos.save(photo(1), Buffer.from('photo one'));
    await photos.save(photo(2, 'png'), Buffer.from('photo two'));
    await pdfs.save(pdf(1), Buffer.from('%PDF invoice one'));

    expect((await photos.read(photo(1))).toString()).toBe('photo one');
    expect((await pdfs.read(pdf(1))).toString()).toBe('%PDF invoice one');
    expect(names(await photos.list())).toEqual([photo(1), photo(2, 'png')]);
    expect(names(await pdfs.list())).toEqual([pdf(1)]);
    const listed = (await photos.list()).find((f) => f.name === photo(1))!;
    expect(listed.isTemporary).toBe(false);
    expect(Math.abs(listed.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);

    // A photo may be replaced (the server never does, but a restore may); removing twice is fine.
    await photos.save(photo(2, 'png'), Buffer.from('photo two again'));
    expect((await photos.read(photo(2, 'png'))).toString()).toBe('photo two again');
    await photos.remove(photo(1));
    await photos.remove(photo(1));
    await pdfs.remove(pdf(1));
    expect(names(await photos.list())).toEqual([photo(2, 'png')]);
    expect(await pdfs.list()).toEqual([]);
  });

  it('never overwrites an invoice PDF: a second save under its name is refused and the first stays', async () => {
    await backend.files.pdfs.save(pdf(2), Buffer.from('%PDF as sent'));
    await expect(backend.files.pdfs.save(pdf(2), Buffer.from('%PDF changed'))).rejects.toBeInstanceOf(
      StoredFileExistsError,
    );
    expect((await backend.files.pdfs.read(pdf(2))).toString()).toBe('%PDF as sent');
  });

  it('gives the same error for a file that is not there', async () => {
    await expect(backend.files.photos.read(photo(404))).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(backend.files.pdfs.read(pdf(404))).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(backend.files.photos.read(photo(404))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses names the server did not generate, before touching storage', async () => {
    const { photos, pdfs } = backend.files;
    for (const bad of ['../etc/passwd', 'photo.jpg', `${photo(3)}/../x.jpg`, `${photo(3)}.exe`, pdf(3)]) {
      await expect(photos.save(bad, Buffer.from('x'))).rejects.toThrow(/Refusing unsafe photo file name/);
      await expect(photos.read(bad)).rejects.toThrow(/Refusing unsafe photo file name/);
      await expect(photos.remove(bad)).rejects.toThrow(/Refusing unsafe photo file name/);
    }
    for (const bad of ['../INV-000001-v1-0badc0de.pdf', 'INV-1-v1-0badc0de.pdf', photo(3)]) {
      await expect(pdfs.save(bad, Buffer.from('x'))).rejects.toThrow(/Refusing unsafe invoice file name/);
      await expect(pdfs.read(bad)).rejects.toThrow(/Refusing unsafe invoice file name/);
    }
  });

  it('lists only the names it stores, not other files beside them', async () => {
    await backend.putForeign('README.txt');
    expect(names(await backend.files.photos.list())).not.toContain('README.txt');
  });

  describe('at start', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: backend.env });
    });
    afterAll(async () => t.close());

    async function restartAt(now: Date) {
      const clock = fixedClock(now.toISOString());
      const app = await buildApp({ config: t.config, db: t.db, clock, cleanFileLeftoversOnStart: true });
      await app.ready();
      await app.close();
    }

    it('removes a photo file no row names once older than the grace period, never one with a row', async () => {
      const { photos } = backend.files;
      const job = await insertJob(t.db, { scheduledDay: '2026-12-02' });
      await photos.save(photo(10), Buffer.from('a crash came before its row'));
      await photos.save(photo(11, 'webp'), Buffer.from('a stored photo'));
      await t.db.insert(jobPhotos).values({
        jobId: job.id,
        type: 'tyre-condition',
        filename: photo(11, 'webp'),
        originalName: 'a.webp',
        mimeType: 'image/webp',
        size: 14,
      });

      // Within the grace period an upload may still be committing its row in another instance.
      await restartAt(new Date(Date.now() + LEFTOVER_GRACE_MS / 2));
      expect(names(await photos.list())).toEqual(expect.arrayContaining([photo(10), photo(11, 'webp')]));

      await restartAt(new Date(Date.now() + 2 * LEFTOVER_GRACE_MS));
      const after = names(await photos.list());
      expect(after).toContain(photo(11, 'webp'));
      expect(after).not.toContain(photo(10));
      await expect(photos.read(photo(10))).rejects.toBeInstanceOf(StoredFileMissingError);
    });
  });
});

describe('S3 keys', () => {
  it('keep photos and PDFs under the configured prefix, in their own folders', async () => {
    const s3 = await startS3StandIn({ bucket: 'prefixed' });
    const env = { ...s3.env, S3_PREFIX: '/tyres/prod/' };
    const files = createFileStorage(loadConfig(env));
    const client = createS3Client(s3SettingsOf(env));
    try {
      await files.photos.save(photo(20), Buffer.from('p'));
      await files.pdfs.save(pdf(20), Buffer.from('%PDF'));
      const listed = await client.send(new ListObjectsV2Command({ Bucket: 'prefixed' }));
      expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual([
        `tyres/prod/invoices/${pdf(20)}`,
        `tyres/prod/photos/${photo(20)}`,
      ]);
    } finally {
      files.close();
      client.destroy();
      await s3.stop();
    }
  });
});

describe('the start-up line', () => {
  it('says where files are, and that a bucket on this machine is not real S3', () => {
    expect(describeFileStorage(loadConfig({ DATA_DIR: '/srv/tyres' }))).toBe(
      'Files: photos and invoice PDFs on local disk under /srv/tyres',
    );
    expect(describeFileStorage(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'tyres', S3_PREFIX: 'prod' }))).toBe(
      'Files: photos and invoice PDFs in S3 bucket tyres under prod/ in ap-southeast-2',
    );
    expect(
      describeFileStorage(loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'tyres', S3_ENDPOINT: 'http://127.0.0.1:4568' })),
    ).toMatch(
      /at http:\/\/127\.0\.0\.1:4568 \(a server on this machine: a local stand-in such as s3rver is not real S3\)$/,
    );
  });
});
