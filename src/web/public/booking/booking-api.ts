import { CALLBACK_MESSAGE } from '../../../shared/domain/pricing';
import { toCents, type Cents } from '../../../shared/domain/money';
import { api, ApiError } from '../../lib/api';

/** The tyre price lookup's outcome, as the wizard and the admin estimate read it. */
export type TyrePriceResult =
  | { kind: 'priced'; unitCents: Cents }
  | { kind: 'callback'; message: string; label?: 'API Error' };

/**
 * GET /api/tyre-pricing/{size}: a 404 body is passed through as the callback-required result;
 * any other failure is callback-required with the same message, labelled 'API Error'.
 */
export async function lookupTyrePrice(size: string): Promise<TyrePriceResult> {
  const apiError: TyrePriceResult = { kind: 'callback', message: CALLBACK_MESSAGE, label: 'API Error' };
  try {
    const { price } = await api.pricing.tyrePrice({ params: { size } });
    return { kind: 'priced', unitCents: toCents(price) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      return { kind: 'callback', message: err.serverMessage ?? CALLBACK_MESSAGE };
    return apiError;
  }
}

export const fetchTimeSlots = (day: string) => api.slots.list({ query: { date: day } });

/**
 * POST /api/bookings/{jobId}/photos, one request per file so each shows its own progress
 * (XMLHttpRequest, because fetch cannot report upload progress).
 */
export function uploadPhoto(jobId: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('type', 'tyre-condition');
    body.append('photos', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api.bookings.uploadPhotos.url({ params: { jobId } }));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('Photo upload failed'));
    xhr.send(body);
  });
}
