import net from 'node:net';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody, freshClientAddress } from '../../../tests/helpers/bookings';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { PHOTO_NAMES } from './storage';
import {
  createS3Client,
  createS3FileStore,
  FILE_STORAGE_UNAVAILABLE_MESSAGE,
  FileStorageUnavailable,
} from './storage-s3';

/**
 * The photo and PDF bucket (FILE_STORAGE=s3) unreachable: a clear 503 with what to do, never 500,
 * and never a request held for minutes (docs/decisions/402-providers-down-offline-retry-rtl.md).
 * The "bucket" is a localhost port nothing listens on, or one that accepts and never answers.
 */

let closedPort = 0;
const silentSockets: net.Socket[] = [];
const silent = net.createServer((socket) => {
  silentSockets.push(socket);
  socket.on('error', () => undefined);
});
let t: TestApp;

beforeAll(async () => {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: 'tyres',
      S3_ENDPOINT: `http://127.0.0.1:${closedPort}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
    },
  });
});
afterAll(async () => {
  await t?.close();
  for (const s of silentSockets) s.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
});

const photoName = `${'a'.repeat(32)}.jpg`;
const storeAt = (port: number) =>
  createS3FileStore(
    createS3Client({
      bucket: 'tyres',
      region: 'ap-southeast-2',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      prefix: '',
      timeouts: { connectionMs: 300, idleMs: 300, attempts: 1 },
    }),
    { bucket: 'tyres', prefix: '', folder: 'photos', names: PHOTO_NAMES },
  );

describe('the file storage unreachable', () => {
  it('a customer uploading a photo is answered 503 with the storage sentence, not 500', async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingBody({ job: { scheduledDate: '2026-11-25' } }),
      remoteAddress: freshClientAddress(),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc2200' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'front-left.jpg');
    form.append('type', 'tyre-condition');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booked.json<{ jobId: string }>().jobId}/photos`,
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')! },
    });
    expect([res.statusCode, res.json()]).toEqual([
      503,
      { error: 'UNAVAILABLE', message: FILE_STORAGE_UNAVAILABLE_MESSAGE },
    ]);
  });

  it('a bucket that refuses the connection, or accepts it and never answers, fails as unavailable within its limits', async () => {
    await expect(storeAt(closedPort).save(photoName, Buffer.from('x'))).rejects.toBeInstanceOf(FileStorageUnavailable);
    const silentPort = (silent.address() as AddressInfo).port;
    await expect(storeAt(silentPort).read(photoName)).rejects.toMatchObject({
      status: 503,
      message: FILE_STORAGE_UNAVAILABLE_MESSAGE,
    });
    expect(silentSockets.length).toBeGreaterThan(0);
  });
});
