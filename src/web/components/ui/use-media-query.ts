import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: tables from here up, cards and lists below. */
export const WIDE_SCREEN = '(min-width: 1024px)';

/**
 * Whether a CSS media query matches, kept current as the window changes. For layouts that differ
 * in structure (a table or a list) so only one is in the page, not both with one hidden. False
 * during a server render.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
