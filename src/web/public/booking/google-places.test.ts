import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPlaces, MAPS_SCRIPT_TIMEOUT_MS, PLACES_TIMEOUT_MS, suggestAddresses } from './google-places';

/**
 * The address search unreachable (docs/decisions/402-providers-down-offline-retry-rtl.md): Google's
 * script or its Places service failing, or never answering, rejects within seconds, which is what
 * turns the address field into plain typing with 'Address suggestions unavailable - please enter
 * manually' (address-input.tsx). A stand-in page (a window and a document of our own) stands for the
 * browser: nothing is fetched.
 */

type FakeScript = { src?: string; onerror?: () => void };
let scripts: FakeScript[];

beforeEach(() => {
  vi.useFakeTimers();
  scripts = [];
  vi.stubGlobal('window', {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  });
  vi.stubGlobal('document', {
    createElement: (): FakeScript => ({}),
    head: { appendChild: (s: FakeScript) => scripts.push(s) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the address search unreachable', () => {
  it("Google's script cannot be fetched: loading fails at once, and the next try fetches it again", async () => {
    const first = loadPlaces('key-1');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toMatch(/^https:\/\/maps\.googleapis\.com\/maps\/api\/js\?key=key-1&/);
    scripts[0]!.onerror!();
    await expect(first).rejects.toThrow('Maps script failed to load');
    const second = loadPlaces('key-1');
    expect(scripts).toHaveLength(2);
    scripts[1]!.onerror!();
    await expect(second).rejects.toThrow('Maps script failed to load');
  });

  it("Google's script never arrives: loading fails after the script's timeout", async () => {
    const loading = loadPlaces('key-2');
    const outcome = loading.then(
      () => 'loaded',
      (err: Error) => err.message,
    );
    await vi.advanceTimersByTimeAsync(MAPS_SCRIPT_TIMEOUT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('Maps script timed out');
  });

  it('the Places service never answers: suggestions fail after PLACES_TIMEOUT_MS', async () => {
    const lib = {
      AutocompleteSessionToken: class {},
      AutocompleteSuggestion: { fetchAutocompleteSuggestions: () => new Promise<never>(() => undefined) },
    };
    const outcome = suggestAddresses(lib, '12 Exam', undefined).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await vi.advanceTimersByTimeAsync(PLACES_TIMEOUT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('waiting')])).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('Address suggestions did not answer within 5 s');
  });

  it('the Places service is down: the lookup of a chosen address fails after PLACES_TIMEOUT_MS too', async () => {
    const prediction = {
      placeId: 'p1',
      text: { toString: () => '12 Example Street, Joondalup WA' },
      toPlace: () => ({ fetchFields: () => new Promise<never>(() => undefined) }),
    };
    const lib = {
      AutocompleteSessionToken: class {},
      AutocompleteSuggestion: {
        fetchAutocompleteSuggestions: () => Promise.resolve({ suggestions: [{ placePrediction: prediction }] }),
      },
    };
    const [suggestion] = await suggestAddresses(lib, '12 Exam', undefined);
    expect(suggestion!.text).toBe('12 Example Street, Joondalup WA');
    const outcome = suggestion!.select().then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await vi.advanceTimersByTimeAsync(PLACES_TIMEOUT_MS);
    expect(await outcome).toBe('The address lookup did not answer within 5 s');
  });
});
