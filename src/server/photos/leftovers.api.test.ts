import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { createLocalPhotoStorage } from '../adapters/storage';
import { buildApp } from '../app';
import { jobPhotos } from '../db/schema';
import { insertJob } from '../db/seed/factories';

/**
 * A process killed during an upload (kill -9, power loss) may leave a photo file whose row never
 * committed, or a half-written temporary file. Files are written before their rows, so a row
 * always has its file; whatever a crash leaves is removed when the server next starts (decision 194).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-leftovers-'));
const photoDir = path.join(dataDir, 'photos');
const storage = createLocalPhotoStorage(dataDir);
const now = new Date(MONDAY_7AM_PERTH);
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { storage } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const name = (n: number, ext = 'jpg') => `${String(n).padStart(32, 'a')}.${ext}`;
function leave(file: string, modifiedAt: Date, data = Buffer.from('x')) {
  fs.mkdirSync(photoDir, { recursive: true });
  fs.writeFileSync(path.join(photoDir, file), data);
  fs.utimesSync(path.join(photoDir, file), modifiedAt, modifiedAt);
}

describe('photo files left behind by a crash', () => {
  it('are removed when the server starts: old files without a row and temporary files; photos with a row and fresh files stay', async () => {
    const job = await insertJob(t.db, { scheduledDay: '2026-12-02' });
    leave(name(1), hoursAgo(3)); // written, then the process died before its row committed
    leave(name(2, 'png'), hoursAgo(3)); // a stored photo with its row
    await t.db.insert(jobPhotos).values({
      jobId: job.id,
      type: 'tyre-condition',
      filename: name(2, 'png'),
      originalName: 'a.png',
      mimeType: 'image/png',
      size: 1,
    });
    leave(`.${name(3)}.0badc0de.tmp`, hoursAgo(3)); // killed mid-write
    leave(name(4, 'webp'), now); // an upload in progress in another process right now
    leave(`.${name(5)}.0badc0de.tmp`, now);
    leave('README.txt', hoursAgo(3)); // not ours: left alone

    // The server starts again on the same data, with the start-up clean-up it runs outside tests.
    const restarted = await buildApp({
      config: t.config,
      db: t.db,
      clock: t.clock,
      storage,
      cleanFileLeftoversOnStart: true,
    });
    await restarted.ready();
    await restarted.close();

    expect(fs.readdirSync(photoDir).sort()).toEqual(
      [`.${name(5)}.0badc0de.tmp`, 'README.txt', name(2, 'png'), name(4, 'webp')].sort(),
    );
  });
});
