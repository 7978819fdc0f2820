import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobDetail } from '../../shared/schemas/jobs';
import { STAFF_PHOTO_TOO_MANY_MESSAGE, STAFF_PHOTO_TYPE_MESSAGE } from '../../shared/schemas/onsite-payments';
import { PHOTO_BAD_TYPE_MESSAGE } from '../../shared/schemas/photos';
import { createLocalPhotoStorage } from '../adapters/storage';
import { jobPhotos } from '../db/schema';
import { insertJob } from '../db/seed/factories';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { signedInStaff } from '../../../tests/helpers/staff-session';
import { freshSlots } from '../../../tests/helpers/fresh-slots';

/**
 * Photos staff take at the job (docs/decisions/350-photos-taken-by-staff.md): the customer photos'
 * checks, re-encoding and EXIF stripping, up to 20 per job, each with who took it.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-photos-test-'));
const photoDir = path.join(dataDir, 'photos');
const storedFiles = () => (fs.existsSync(photoDir) ? fs.readdirSync(photoDir) : []);

type Staff = { user: { id: string; username: string }; cookie: string };
let t: TestApp;
let admin: Staff;
let tech: Staff;
beforeAll(async () => {
  t = await createTestApp({ overrides: { storage: createLocalPhotoStorage(dataDir) } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  t.clock.set(MONDAY_7AM_PERTH);
  admin = await signedInStaff(t, { role: 'admin' });
  tech = await signedInStaff(t, { role: 'technician' });
});

const freshSlot = freshSlots('2026-11-23');
const newJob = () => insertJob(t.db, { ...freshSlot(), status: 'in-progress', assignedTechnicianId: tech.user.id });

type Upload = { name: string; data: Buffer; type: string };
async function upload(jobId: string, files: Upload[], type: string | null = 'before', who: Staff = tech) {
  const form = new FormData();
  if (type !== null) form.append('type', type);
  for (const f of files) form.append('photos', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/dashboard/jobs/${jobId}/photos`,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')!, cookie: who.cookie },
  });
}

const gpsJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc2200' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '31/1 57/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '115/1 51/1 0/1' },
    })
    .toBuffer();
const jpegFile = async (n: number): Promise<Upload> => ({
  name: `wall-${n}.jpg`,
  data: await gpsJpeg(),
  type: 'image/jpeg',
});
const rowsOf = (jobId: string) => t.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, jobId));

async function detail(jobId: string): Promise<JobDetail> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard/jobs/${jobId}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobDetail;
}

describe('POST /api/dashboard/jobs/{id}/photos', () => {
  it("the job's technician adds tyre-wall photos: stored re-encoded with no EXIF or GPS, listed with who took them beside the customer's", async () => {
    const job = await newJob();
    await t.db.insert(jobPhotos).values({
      jobId: job.id,
      type: 'tyre-condition',
      filename: `customer-${job.id}.jpg`,
      originalName: 'from-customer.jpg',
      mimeType: 'image/jpeg',
      size: 10,
      uploadedAt: new Date(t.clock.now().getTime() - 60_000),
    });
    const res = await upload(job.id, [await jpegFile(1), await jpegFile(2)], 'tyre-wall');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().photos.map((p: { type: string; originalName: string }) => [p.type, p.originalName])).toEqual([
      ['tyre-wall', 'wall-1.jpg'],
      ['tyre-wall', 'wall-2.jpg'],
    ]);
    const rows = (await rowsOf(job.id)).filter((r) => r.takenById);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.takenById).toBe(tech.user.id);
      const stored = fs.readFileSync(path.join(photoDir, row.filename));
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
      expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    expect((await detail(job.id)).photos.map((p) => [p.originalName, p.type, p.takenBy])).toEqual([
      ['from-customer.jpg', 'tyre-condition', null],
      ['wall-1.jpg', 'tyre-wall', tech.user.username],
      ['wall-2.jpg', 'tyre-wall', tech.user.username],
    ]);
  });

  it('refuses a technician of another job (403) and an unknown job (404)', async () => {
    const job = await newJob();
    const other = await signedInStaff(t, { role: 'technician' });
    expect((await upload(job.id, [await jpegFile(1)], 'before', other)).statusCode).toBe(403);
    expect(
      (await upload('00000000-0000-4000-8000-000000000000', [await jpegFile(1)], 'before', admin)).statusCode,
    ).toBe(404);
    expect(await rowsOf(job.id)).toEqual([]);
  });

  it('refuses the 21st photo of a job, and a batch that would pass 20, storing nothing', async () => {
    const job = await newJob();
    await t.db.insert(jobPhotos).values(
      Array.from({ length: 18 }, (_, i) => ({
        jobId: job.id,
        type: 'before',
        filename: `seeded-${job.id}-${i}.jpg`,
        originalName: 'seeded.jpg',
        mimeType: 'image/jpeg',
        size: 10,
      })),
    );
    const files = storedFiles().length;
    const batch = await upload(job.id, [await jpegFile(1), await jpegFile(2), await jpegFile(3)], 'after', admin);
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toBe(STAFF_PHOTO_TOO_MANY_MESSAGE);
    expect(await rowsOf(job.id)).toHaveLength(18);
    expect(storedFiles()).toHaveLength(files);

    expect((await upload(job.id, [await jpegFile(1), await jpegFile(2)], 'after', admin)).statusCode).toBe(201);
    const twentyFirst = await upload(job.id, [await jpegFile(3)], 'after', admin);
    expect(twentyFirst.statusCode).toBe(400);
    expect(twentyFirst.json().message).toBe(STAFF_PHOTO_TOO_MANY_MESSAGE);
    expect(await rowsOf(job.id)).toHaveLength(20);
    expect(storedFiles()).toHaveLength(files + 2);
  });

  it.each([
    ['no type', null],
    ['an unknown type', 'selfie'],
  ])('refuses %s with 400 naming the type rule, storing nothing', async (_label, type) => {
    const job = await newJob();
    const files = storedFiles().length;
    const res = await upload(job.id, [await jpegFile(1)], type);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.type).toBe(STAFF_PHOTO_TYPE_MESSAGE);
    expect(await rowsOf(job.id)).toEqual([]);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses a file that is not a JPEG, PNG or WebP image with 400, whatever its name says, storing nothing of the batch', async () => {
    const job = await newJob();
    const files = storedFiles().length;
    const res = await upload(
      job.id,
      [await jpegFile(1), { name: 'tyre.jpg', data: Buffer.from('%PDF-1.4 not a photo'), type: 'image/jpeg' }],
      'damage',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PHOTO_BAD_TYPE_MESSAGE);
    expect(await rowsOf(job.id)).toEqual([]);
    expect(storedFiles()).toHaveLength(files);
  });
});
