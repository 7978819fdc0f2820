import sharp from 'sharp';
import { isBusinessDay } from '../../src/shared/domain/business-days';
import { addDays, perthToday } from '../../src/shared/domain/perth-time';
import { TIME_SLOTS, type TimeSlot } from '../../src/shared/domain/slots';

/** What customers and staff send through the cluster's proxy, for tests/system/cluster.test.ts. */

export type Slot = { day: string; slot: TimeSlot };

/** Every bookable slot from tomorrow (Perth) on business days, in calendar order; callers take distinct ones. */
export function upcomingSlots(count: number): Slot[] {
  const out: Slot[] = [];
  for (let day = addDays(perthToday(new Date()), 1); out.length < count; day = addDays(day, 1)) {
    if (isBusinessDay(day)) for (const slot of TIME_SLOTS) out.push({ day, slot });
  }
  return out.slice(0, count);
}

export function bookingBody(n: number, at: Slot, paymentMethod: 'onsite' | 'prepaid' = 'onsite') {
  return {
    customer: { name: `Cluster Customer ${n}`, email: `cluster.${n}@example.com`, phone: '0400 000 000' },
    vehicle: { make: 'Toyota', model: 'Hilux', year: 2019, registration: `CL${String(n).padStart(4, '0')}` },
    job: {
      serviceType: 'puncture-repair',
      scheduledDate: at.day,
      timeSlot: at.slot,
      address: `${n} Example Street`,
      suburb: 'Joondalup',
      postcode: '6027',
      tyreSize: null,
      tyreQuantity: null,
      notes: null,
      paymentMethod,
    },
  };
}

/** A small photo-like JPEG (a gradient), as a phone would send. */
export function tyrePhoto(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    raw[i * 3] = i % 256;
    raw[i * 3 + 1] = (i / width) % 256;
    raw[i * 3 + 2] = 128;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export function photoForm(photo: Buffer): FormData {
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'tyre.jpg');
  form.append('type', 'tyre-condition');
  return form;
}

/** A JSON POST from the site's own pages (the app checks the Origin of state-changing requests). */
export function postJson(baseUrl: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

export async function signIn(baseUrl: string, credentials: { username: string; password: string }): Promise<string> {
  const res = await postJson(baseUrl, '/api/login', credentials);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
