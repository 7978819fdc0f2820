import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SignedInUser } from '../../../shared/schemas/auth';
import { perthClock24 } from '../../../shared/domain/perth-time';
import { onServerAnswered } from '../../lib/api';
import { downloadDay } from './day-download';
import { claimDevice, clearDevice, clearSavedDay, deviceOwner } from './device-store';
import { queueState, reloadQueue, sendQueue, subscribeToQueue, type QueueState } from './queue';
import { createRetryLoop } from './retry';

/** How often a signed-in technician's saved day is read again while online. */
const REFRESH_DAY_MS = 10 * 60_000;

function subscribeToNetwork(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a network; true on the server render. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );
}

export function useQueue(): QueueState {
  return useSyncExternalStore(subscribeToQueue, queueState, queueState);
}

/**
 * Keeps the phone in step with the signed-in user (docs/decisions/345-offline-day-queue.md): the
 * device becomes this technician's (another user's jobs and changes go), their waiting changes are
 * sent, then their day is saved again; each time the network comes back, and every ten minutes. An
 * admin's sign-in clears a technician's device too. Answers when the day was last saved.
 * While changes wait they are tried again on their own, with growing waits, whatever
 * navigator.onLine says, and at once when the server answers any call
 * (docs/decisions/402-providers-down-offline-retry-rtl.md).
 */
export function useOfflineDevice(user: SignedInUser): { updatedAt: string | null } {
  const client = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    const isTechnician = user.role === 'technician';
    const refresh = async () => {
      if (!isTechnician) {
        const owner = await deviceOwner();
        if (owner && owner.userId !== user.id) await clearDevice();
        return;
      }
      await claimDevice(user);
      await reloadQueue();
      const owner = await deviceOwner();
      if (!stopped) setUpdatedAt(owner?.updatedAt ?? null);
      // Tried whatever navigator.onLine says: a phone may report a network that does not answer.
      const outcome = await sendQueue(user.id);
      if (outcome.stoppedBy === 'offline' || outcome.stoppedBy === 'server') retry.failed();
      else retry.succeeded();
      if (outcome.sent || outcome.refused) await client.invalidateQueries({ queryKey: ['api'] });
      if (outcome.stoppedBy === 'signed-out') {
        // The session is gone (expired or the account deactivated): the day goes, the changes wait for a sign-in.
        await clearSavedDay();
        return;
      }
      if (outcome.stoppedBy !== 'done') return;
      await downloadDay(user);
      const saved = await deviceOwner();
      if (!stopped) setUpdatedAt(saved?.updatedAt ?? null);
    };
    const run = () => void refresh().catch(() => undefined);
    const retry = createRetryLoop(run, {
      setTimeout: (f, ms) => window.setTimeout(f, ms),
      clearTimeout: (id) => window.clearTimeout(id),
    });
    const waitingNow = () => {
      const queue = queueState();
      return (
        isTechnician &&
        !queue.sending &&
        !queue.signInNeeded &&
        queue.changes.some((c) => c.state === 'waiting' && c.userId === user.id)
      );
    };
    // A change queued, or a try that failed elsewhere (the change's own first send): the next try is scheduled.
    const unsubscribeQueue = subscribeToQueue(() => {
      if (waitingNow()) retry.failed();
      else if (!queueState().sending && !queueState().changes.some((c) => c.state === 'waiting')) retry.succeeded();
    });
    // The server answered a call: the network works, so waiting changes go now.
    const unsubscribeAnswered = onServerAnswered(() => {
      if (waitingNow()) retry.now();
    });
    const atOnce = () => retry.now();
    // The first run in a task of its own, not in the one that finishes hydrating the page
    // (docs/decisions/380-staff-first-screen-without-zod.md).
    const first = window.setTimeout(run, 0);
    window.addEventListener('online', atOnce);
    const timer = window.setInterval(run, REFRESH_DAY_MS);
    return () => {
      stopped = true;
      retry.stop();
      unsubscribeQueue();
      unsubscribeAnswered();
      window.clearTimeout(first);
      window.removeEventListener('online', atOnce);
      window.clearInterval(timer);
    };
  }, [user, client]);
  return { updatedAt };
}

/** "10:42" in Perth, as the van's clock reads. */
export function perthClock(iso: string): string {
  return perthClock24(new Date(iso));
}
