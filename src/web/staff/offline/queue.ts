import { encodeJobSeen, IDEMPOTENCY_KEY_HEADER, JOB_SEEN_HEADER } from '../../../shared/domain/queued-change';
import { isTimeSlot } from '../../../shared/domain/slots';
import { deviceDb, type QueuedChange } from './device-store';

/**
 * The changes a technician makes, queued on the phone and sent in order when there is a network
 * (docs/decisions/345-offline-day-queue.md). Each carries its Idempotency-Key and the job as the
 * technician saw it; the server answers a repeat as the first time and refuses what the office has
 * overtaken (decision 346). A refused change stays, with the server's sentence, until dismissed.
 */
export type JobSeenFrom = {
  id: string;
  jobNumber: string;
  scheduledDay: string;
  timeSlot: string;
  assignedTechnicianId: string | null;
};
export type NewChange = Pick<QueuedChange, 'label' | 'method' | 'url' | 'json' | 'photos'>;

export type QueueState = {
  changes: QueuedChange[];
  signInNeeded: boolean;
  sending: boolean;
  /** When the waiting changes were last tried (ms since the epoch), for the banner (decision 402). */
  lastTriedAt: number | null;
};
let state: QueueState = { changes: [], signInNeeded: false, sending: false, lastTriedAt: null };
const listeners = new Set<() => void>();

export function queueState(): QueueState {
  return state;
}

export function subscribeToQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(next: Partial<QueueState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Reads the queue again from the device (after opening, after another tab sent). */
export async function reloadQueue(): Promise<void> {
  publish({ changes: await (await deviceDb()).getAll('queue') });
}

function seenOf(job: JobSeenFrom): string {
  if (!isTimeSlot(job.timeSlot)) throw new Error(`Unknown time slot ${job.timeSlot}`);
  return encodeJobSeen({
    scheduledDay: job.scheduledDay,
    timeSlot: job.timeSlot,
    technicianId: job.assignedTechnicianId,
  });
}

export async function enqueue(userId: string, job: JobSeenFrom, change: NewChange): Promise<QueuedChange> {
  const queued: QueuedChange = {
    ...change,
    key: crypto.randomUUID(),
    userId,
    jobId: job.id,
    jobNumber: job.jobNumber,
    seen: seenOf(job),
    queuedAt: new Date().toISOString(),
    state: 'waiting',
  };
  const seq = await (await deviceDb()).add('queue', queued);
  await reloadQueue();
  return { ...queued, seq };
}

export async function dismiss(seq: number): Promise<void> {
  await (await deviceDb()).delete('queue', seq);
  await reloadQueue();
}

function requestOf(change: QueuedChange): RequestInit {
  const headers: Record<string, string> = { [IDEMPOTENCY_KEY_HEADER]: change.key, [JOB_SEEN_HEADER]: change.seen };
  if (change.photos) {
    // The type goes before the files: the server reads the fields in order.
    const form = new FormData();
    form.append('type', change.photos.type);
    for (const file of change.photos.files) form.append('photos', file.blob, file.name);
    return { method: change.method, headers, body: form, credentials: 'include' };
  }
  headers['Content-Type'] = 'application/json';
  return { method: change.method, headers, body: JSON.stringify(change.json ?? {}), credentials: 'include' };
}

async function refusalOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not our JSON error: the status says enough.
  }
  return `The server refused this change (${res.status}).`;
}

export type SendOutcome = { sent: number; refused: number; stoppedBy: 'done' | 'offline' | 'signed-out' | 'server' };
let sending: Promise<SendOutcome> | undefined;

/**
 * Sends the waiting changes of this user, oldest first, one at a time. A network failure or a 5xx
 * stops and leaves the rest for later; a 401 stops and asks to sign in again, keeping the queue; a
 * refusal (400, 403, 404, 409, 422) is kept on its job with the server's sentence, and the next
 * change is sent.
 */
export function sendQueue(userId: string): Promise<SendOutcome> {
  sending ??= sendAll(userId).finally(() => {
    sending = undefined;
    publish({ sending: false });
  });
  return sending;
}

async function sendAll(userId: string): Promise<SendOutcome> {
  publish({ sending: true, lastTriedAt: Date.now() });
  const outcome: SendOutcome = { sent: 0, refused: 0, stoppedBy: 'done' };
  const db = await deviceDb();
  for (const change of await db.getAll('queue')) {
    if (change.state !== 'waiting' || change.userId !== userId || change.seq === undefined) continue;
    let res: Response;
    try {
      res = await fetch(change.url, requestOf(change));
    } catch {
      outcome.stoppedBy = 'offline';
      break;
    }
    if (res.status === 401) {
      publish({ signInNeeded: true });
      outcome.stoppedBy = 'signed-out';
      break;
    }
    if (res.status >= 500) {
      outcome.stoppedBy = 'server';
      break;
    }
    if (res.ok) {
      await db.delete('queue', change.seq);
      outcome.sent++;
    } else {
      await db.put('queue', { ...change, state: 'refused', message: await refusalOf(res) });
      outcome.refused++;
    }
    await reloadQueue();
  }
  if (outcome.stoppedBy !== 'signed-out') publish({ signInNeeded: false });
  await reloadQueue();
  return outcome;
}
