import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { NORMAL_CLOSE, NOTIFICATION_PING_MS, SESSION_ENDED_CLOSE } from '../../../shared/domain/live-notifications';
import { api } from '../../lib/api';
import { USER_KEY } from '../session';
import { reconnectDelayMs, type Popup } from './popup-list';

/** 'connecting' before the first open; 'reconnecting' between attempts; 'disconnected' after the fifth failure or a normal close. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'disconnected';

/** A pong (or any message) must follow a ping within this, or the connection is taken as lost. */
const PONG_TIMEOUT_MS = 10_000;
/** The closes the client itself makes when a connection went silent (a code the app may use). */
const SILENT_CLOSE = 4000;

/**
 * The last event seen, per signed-in user, for the whole page life: a reconnect (or a new socket
 * after moving between staff screens) sends it as `since` and gets what it missed.
 */
const lastEventSeen = new Map<string, number>();

function socketUrl(path: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}`;
}

/**
 * The staff member's live new-booking feed (docs/product.md "Live notifications", decision 196):
 * subscribes to every suburb on open, pings every 30 s, reconnects after an abnormal close with
 * min(1000 x 2^n, 30000) ms between up to 5 attempts, resumes from the last event seen, and
 * closes with 1000 when the component goes away (sign-out, leaving the dashboard).
 */
export function useLiveNotifications(
  userId: string,
  onBookings: (popups: Popup[]) => void,
): { state: ConnectionState; retry: () => void } {
  const client = useQueryClient();
  const [state, setState] = useState<ConnectionState>('connecting');
  // A new value starts a fresh run of attempts (the Retry button, the browser coming back online).
  const [run, setRun] = useState(0);
  const deliver = useEffectEvent(onBookings);
  const recheckSession = useEffectEvent(() => void client.invalidateQueries({ queryKey: USER_KEY }));

  useEffect(() => {
    let socket: WebSocket | null = null;
    let attempt = 0;
    let disposed = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    let pongTimer: ReturnType<typeof setTimeout> | undefined;
    // Bookings are handled one after another, in the order they came.
    let handled = Promise.resolve();

    const stopTimers = () => {
      clearInterval(pingTimer);
      clearTimeout(pongTimer);
    };

    function lost(opened: boolean, code: number) {
      stopTimers();
      socket = null;
      if (disposed) return;
      // A refused upgrade (never opened) or a closed session: let the app re-check who is signed
      // in; if nobody is, the dashboard goes to the sign-in page and this hook closes.
      if (!opened || code === SESSION_ENDED_CLOSE) recheckSession();
      if (code === NORMAL_CLOSE || code === SESSION_ENDED_CLOSE) return setState('disconnected');
      const delay = reconnectDelayMs(attempt);
      if (delay === null) return setState('disconnected');
      attempt++;
      setState('reconnecting');
      retryTimer = setTimeout(connect, delay);
    }

    function connect() {
      const since = lastEventSeen.get(userId);
      const ws = new WebSocket(
        socketUrl(api.notifications.connect.url(since === undefined ? {} : { query: { since } })),
      );
      socket = ws;
      let opened = false;
      ws.onopen = () => {
        opened = true;
        attempt = 0;
        setState('live');
        ws.send(JSON.stringify({ type: 'subscribe_suburbs', suburbs: [] }));
        pingTimer = setInterval(() => {
          ws.send(JSON.stringify({ type: 'ping' }));
          clearTimeout(pongTimer);
          pongTimer = setTimeout(() => {
            // Silent (a phone between towers): stop waiting for its close and start again.
            ws.onclose = null;
            ws.onmessage = null;
            ws.close(SILENT_CLOSE, 'No pong');
            lost(true, SILENT_CLOSE);
          }, PONG_TIMEOUT_MS);
        }, NOTIFICATION_PING_MS);
      };
      ws.onmessage = (event: MessageEvent<string>) => {
        clearTimeout(pongTimer);
        let parsed: unknown;
        try {
          parsed = JSON.parse(event.data);
        } catch {
          return;
        }
        const type = typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
        if (type === 'pong' || type === 'error') return;
        if (type === 'ready') {
          const { lastEventId } = parsed as { lastEventId?: unknown };
          if (!lastEventSeen.has(userId) && Number.isInteger(lastEventId))
            lastEventSeen.set(userId, lastEventId as number);
          return;
        }
        // A booking is checked against the contract's own shape. That check needs zod, loaded with
        // the first booking rather than with the page, which the socket opens with
        // (docs/decisions/380-staff-first-screen-without-zod.md).
        handled = handled
          .then(async () => {
            const { serverMessage } = await import('../../../shared/contracts/notifications');
            const message = serverMessage.safeParse(parsed);
            if (disposed || !message.success || message.data.type !== 'new_booking') return;
            const m = message.data;
            lastEventSeen.set(userId, Math.max(lastEventSeen.get(userId) ?? 0, m.eventId));
            deliver([{ eventId: m.eventId, booking: m.data }]);
          })
          .catch(() => undefined);
      };
      ws.onclose = (event) => lost(opened, event.code);
    }

    const onOnline = () => {
      if (!socket && !disposed) {
        clearTimeout(retryTimer);
        attempt = 0;
        setState('reconnecting');
        connect();
      }
    };
    window.addEventListener('online', onOnline);
    // Opened in a task of its own, not in the one that finishes hydrating the page
    // (docs/decisions/380-staff-first-screen-without-zod.md).
    retryTimer = setTimeout(connect, 0);

    return () => {
      disposed = true;
      window.removeEventListener('online', onOnline);
      clearTimeout(retryTimer);
      stopTimers();
      socket?.close(NORMAL_CLOSE);
    };
  }, [userId, run]);

  return {
    state,
    retry: () => {
      setState('connecting');
      setRun((n) => n + 1);
    },
  };
}
