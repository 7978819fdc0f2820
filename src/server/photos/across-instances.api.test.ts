import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../tests/helpers/s3-stand-in';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { buildApp } from '../app';
import { bookingBody, freshClientAddress, signInStaff } from '../../../tests/helpers/bookings';

/**
 * Two app instances over one database and one S3 bucket (decision 220): a photo a customer
 * uploads through one instance is shown to staff by the other.
 */
let s3: S3StandIn;
let a: TestApp;
let b: FastifyInstance;
beforeAll(async () => {
  s3 = await startS3StandIn();
  a = await createTestApp({ env: s3.env });
  // Another machine: nothing on A's local disk is visible to B.
  b = await buildApp({
    config: { ...a.config, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'instance-b-')) },
    db: a.db,
    clock: a.clock,
  });
  await b.ready();
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.stop();
});

async function uploadThrough(app: FastifyInstance, jobId: string, data: Buffer) {
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'front-left.jpg');
  form.append('type', 'tyre-condition');
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: `/api/bookings/${jobId}/photos`,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  });
}

describe('photos with FILE_STORAGE=s3 and two instances', () => {
  it('a photo uploaded through instance A is served by instance B', async () => {
    const booked = await a.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ job: { scheduledDate: '2026-11-25' } }),
      remoteAddress: freshClientAddress(),
    });
    expect(booked.statusCode).toBe(200);
    const jobId: string = booked.json().jobId;

    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc2200' } })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadThrough(a.app, jobId, jpeg);
    expect(uploaded.statusCode).toBe(200);
    const photoId: string = uploaded.json().photos[0].id;

    const { cookie } = await signInStaff(a, 'admin');
    const served = await b.inject({
      method: 'GET',
      url: `/api/dashboard/jobs/${jobId}/photos/${photoId}`,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const shown = await sharp(served.rawPayload).metadata();
    expect([shown.format, shown.width, shown.height]).toEqual(['jpeg', 64, 48]);
  });
});
