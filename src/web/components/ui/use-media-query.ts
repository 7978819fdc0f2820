import { createContext, useContext, useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: tables from here up, cards and lists below. */
export const WIDE_SCREEN = '(min-width: 1024px)';

/**
 * The server's guess of the screen a page is rendered for: true for a browser that does not call
 * itself a phone (docs/decisions/379-staff-page-usable-before-its-scripts.md). A width query
 * starts from it on the server and while hydrating, so a desk's screen is not drawn in the phone's
 * layout first; false (a phone) when nothing is known.
 */
export const WideScreenGuess = createContext(false);

/**
 * Whether a CSS media query (a `min-width`) matches, kept current as the window changes. For
 * layouts that differ in structure (a table or a list) so only one is in the page, not both with
 * one hidden. During a server render and hydration, the guess above.
 */
export function useMediaQuery(query: string): boolean {
  const guess = useContext(WideScreenGuess);
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => guess,
  );
}
