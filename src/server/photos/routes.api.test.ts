import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isBusinessDay } from '../../shared/domain/business-days';
import { addDays } from '../../shared/domain/perth-time';
import { PHOTO_BAD_TYPE_MESSAGE, PHOTO_TOO_LARGE_MESSAGE, PHOTO_TOO_MANY_MESSAGE } from '../../shared/schemas/photos';
import { createLocalPhotoStorage } from '../adapters/storage';
import { jobPhotos } from '../db/schema';
import { bookingBody, bookingRowCounts, freshClientAddress, signInStaff } from '../../../tests/helpers/bookings';
import { createTestApp, MONDAY_7AM_PERTH, type TestApp } from '../../../tests/helpers/test-app';
import { PHOTO_WINDOW_CLOSED_MESSAGE } from './service';
import { setJobState } from '../../../tests/helpers/job-state';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-test-'));
const photoDir = path.join(dataDir, 'photos');
const storedFiles = () => (fs.existsSync(photoDir) ? fs.readdirSync(photoDir) : []);

let t: TestApp;
let adminCookie = '';
beforeAll(async () => {
  t = await createTestApp({ overrides: { storage: createLocalPhotoStorage(dataDir) } });
  adminCookie = (await signInStaff(t, 'admin')).cookie;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => t.clock.set(MONDAY_7AM_PERTH));

let cursor = '2026-11-23';
async function newJob(): Promise<string> {
  do cursor = addDays(cursor, 1);
  while (!isBusinessDay(cursor));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: bookingBody({ job: { scheduledDate: cursor } }),
    remoteAddress: freshClientAddress(),
  });
  expect(res.statusCode).toBe(200);
  return res.json().jobId;
}

type Upload = { name: string; data: Buffer; type: string };

async function upload(jobId: string, files: Upload[]) {
  const form = new FormData();
  for (const f of files) form.append('photos', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  form.append('type', 'tyre-condition');
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/bookings/${jobId}/photos`,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  });
}

const gpsJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc2200' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Customer phone', Make: 'PhoneCo' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '31/1 57/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '115/1 51/1 0/1' },
    })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 4, background: '#0044ff' } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: '#00aa44' } })
    .webp()
    .toBuffer();

describe('POST /api/bookings/{jobId}/photos', () => {
  it('stores jpeg, png and webp under random names, re-encoded with no EXIF or GPS left', async () => {
    const jobId = await newJob();
    const original = await gpsJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload(jobId, [
      { name: 'front-left.jpg', data: original, type: 'image/jpeg' },
      { name: 'rear.png', data: await png(), type: 'image/png' },
      { name: 'side.webp', data: await webp(), type: 'image/webp' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .photos.map((p: { originalName: string; mimeType: string; type: string }) => [
          p.originalName,
          p.mimeType,
          p.type,
        ]),
    ).toEqual([
      ['front-left.jpg', 'image/jpeg', 'tyre-condition'],
      ['rear.png', 'image/png', 'tyre-condition'],
      ['side.webp', 'image/webp', 'tyre-condition'],
    ]);

    const rows = await t.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, jobId));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.filename).toMatch(/^[a-f0-9]{32}\.(jpg|png|webp)$/);
      expect(row.filename).not.toContain('front');
      const stored = fs.readFileSync(path.join(photoDir, row.filename));
      expect(stored.length).toBe(row.size);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    const jpegRow = rows.find((r) => r.mimeType === 'image/jpeg')!;
    expect(fs.readFileSync(path.join(photoDir, jpegRow.filename)).includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('refuses a sixth photo for a job, and a batch of six, writing nothing', async () => {
    const jobId = await newJob();
    const jpeg = await gpsJpeg();
    const one = (n: number) => ({ name: `p${n}.jpg`, data: jpeg, type: 'image/jpeg' });
    expect((await upload(jobId, [one(1), one(2), one(3)])).statusCode).toBe(200);
    expect((await upload(jobId, [one(4), one(5)])).statusCode).toBe(200);
    const files = storedFiles().length;
    const before = await bookingRowCounts(t.db);

    const sixth = await upload(jobId, [one(6)]);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe(PHOTO_TOO_MANY_MESSAGE);

    const otherJob = await newJob();
    const beforeBatch = await bookingRowCounts(t.db);
    const batch = await upload(otherJob, [1, 2, 3, 4, 5, 6].map(one));
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toBe(PHOTO_TOO_MANY_MESSAGE);
    expect((await bookingRowCounts(t.db)).photos).toBe(beforeBatch.photos);
    expect(before.photos).toBe(beforeBatch.photos);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses a 5.1 MB file with "File size must be less than 5 MB." and keeps nothing of the batch', async () => {
    const jobId = await newJob();
    const big = Buffer.alloc(Math.round(5.1 * 1024 * 1024), 7);
    (await gpsJpeg()).copy(big); // a real JPEG start, so only the size is wrong
    const files = storedFiles().length;
    const res = await upload(jobId, [
      { name: 'ok.jpg', data: await gpsJpeg(), type: 'image/jpeg' },
      { name: 'huge.jpg', data: big, type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(PHOTO_TOO_LARGE_MESSAGE);
    expect(await t.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, jobId))).toHaveLength(0);
    expect(storedFiles()).toHaveLength(files);
  });

  it('accepts a real photo just under 5 MB', async () => {
    const jobId = await newJob();
    const w = 1500;
    const h = 1100;
    const noise = await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(noise.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(jobId, [{ name: 'close-up.jpg', data: noise, type: 'image/jpeg' }]);
    expect(res.statusCode).toBe(200);
  });

  it('decides the type by the bytes: text named .jpg and declared image/jpeg is refused', async () => {
    const jobId = await newJob();
    const files = storedFiles().length;
    const res = await upload(jobId, [
      { name: 'good.png', data: await png(), type: 'image/png' },
      {
        name: 'photo.jpg',
        data: Buffer.from('this is not an image, just some text pretending to be one'),
        type: 'image/jpeg',
      },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(PHOTO_BAD_TYPE_MESSAGE);
    expect(await t.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, jobId))).toHaveLength(0);
    expect(storedFiles()).toHaveLength(files);
  });

  it('refuses a GIF even when it is a real image', async () => {
    const jobId = await newJob();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const res = await upload(jobId, [{ name: 'anim.gif', data: gif, type: 'image/gif' }]);
    expect(res.statusCode).toBe(415);
  });

  it('accepts photos for an hour after booking, then refuses them', async () => {
    const jobId = await newJob();
    t.clock.advance(59 * 60_000);
    expect((await upload(jobId, [{ name: 'a.png', data: await png(), type: 'image/png' }])).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const late = await upload(jobId, [{ name: 'b.png', data: await png(), type: 'image/png' }]);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(PHOTO_WINDOW_CLOSED_MESSAGE);
  });

  it('answers 400 to a malformed or truncated multipart body, keeping nothing', async () => {
    const jobId = await newJob();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(await gpsJpeg())], { type: 'image/jpeg' }), 'a.jpg');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    const whole = Buffer.from(await req.arrayBuffer());
    const contentType = req.headers.get('content-type')!;
    const boundary = contentType.split('boundary=')[1]!;
    const files = storedFiles().length;
    const bodies: { payload: Buffer | string; type: string }[] = [
      { payload: whole.subarray(0, Math.floor(whole.length / 2)), type: contentType },
      { payload: whole.subarray(0, whole.length - 10), type: contentType },
      { payload: `--${boundary}\r\nthis is not a header\r\n\r\nxyz\r\n--${boundary}--\r\n`, type: contentType },
      { payload: 'not multipart at all', type: contentType },
      { payload: '', type: contentType },
      { payload: whole, type: 'multipart/form-data' },
      { payload: whole, type: 'multipart/form-data; boundary=' },
    ];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${jobId}/photos`,
        payload: body.payload,
        headers: { 'content-type': body.type },
      });
      expect(res.statusCode, `${body.type} ${String(body.payload).slice(0, 40)}`).toBe(400);
      expect(res.json().error).toBe('VALIDATION');
    }
    expect(await t.db.select().from(jobPhotos).where(eq(jobPhotos.jobId, jobId))).toHaveLength(0);
    expect(storedFiles()).toHaveLength(files);
  });

  it('answers 404 for an unknown job', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await upload(id, [{ name: 'a.png', data: await png(), type: 'image/png' }]);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('staff read a job with its photos', () => {
  it('GET /api/dashboard/jobs/{id} returns the job with its customer, vehicle and photos; the photo streams with its type, privately', async () => {
    const jobId = await newJob();
    await upload(jobId, [{ name: 'tyre.jpg', data: await gpsJpeg(), type: 'image/jpeg' }]);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/jobs/${jobId}`,
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(job).toMatchObject({
      id: jobId,
      serviceType: 'puncture-repair',
      customerValue: '129.80',
      customer: { name: 'Sam Taylor', phone: '0400 000 000', email: expect.stringContaining('@example.com') },
      vehicle: { make: 'Toyota', model: 'Corolla', year: 2018 },
      photos: [{ id: expect.any(String), type: 'tyre-condition', originalName: 'tyre.jpg' }],
    });

    const photo = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/jobs/${jobId}/photos/${job.photos[0].id}`,
      headers: { cookie: adminCookie },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toMatch(/^private/);
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');

    for (const url of [`/api/dashboard/jobs/${jobId}`, `/api/dashboard/jobs/${jobId}/photos/${job.photos[0].id}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('lets a technician see only jobs assigned to them', async () => {
    const jobId = await newJob();
    const { cookie, user } = await signInStaff(t, 'technician');
    const denied = await t.app.inject({ method: 'GET', url: `/api/dashboard/jobs/${jobId}`, headers: { cookie } });
    expect(denied.statusCode).toBe(403);
    await setJobState(t.db, jobId, { assignedTechnicianId: user.id });
    const allowed = await t.app.inject({ method: 'GET', url: `/api/dashboard/jobs/${jobId}`, headers: { cookie } });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers 404 for an unknown job', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/jobs/00000000-0000-4000-8000-000000000000',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(404);
  });
});
