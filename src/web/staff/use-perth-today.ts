import { createContext, useContext, useSyncExternalStore } from 'react';
import { perthToday } from '../../shared/domain/perth-time';

/**
 * The Perth day by the server's clock when it rendered the page (null: a page the browser drew
 * itself). A server-rendered dashboard page is hydrated from this day, not the phone's, so a clock
 * a few minutes apart across midnight does not make React throw the server's markup away
 * (docs/decisions/444-dashboard-today-from-the-server.md).
 */
export const RenderedToday = createContext<string | null>(null);

const MINUTE_MS = 60_000;

function everyMinute(onChange: () => void) {
  const timer = setInterval(onChange, MINUTE_MS);
  return () => clearInterval(timer);
}

/**
 * Today in Perth ("2026-12-08"): the day the page was rendered for while the server renders and
 * React hydrates, the phone's own afterwards. A screen left open past midnight moves on to the new
 * day within a minute.
 */
export function usePerthToday(): string {
  const rendered = useContext(RenderedToday);
  return useSyncExternalStore(
    everyMinute,
    () => perthToday(new Date()),
    () => rendered ?? perthToday(new Date()),
  );
}
