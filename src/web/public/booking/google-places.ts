/**
 * Google Places (New) address suggestions, loaded on demand (docs/product.md "Bookings": from 3
 * characters, at most 5, Australia only). Only the few shapes we use are typed here.
 */
export type AddressSelection = {
  fullAddress: string;
  streetAddress: string;
  suburb: string;
  postcode: string;
  state: string;
};
export type AddressSuggestion = { id: string; text: string; select: () => Promise<AddressSelection> };

type AddressComponent = { longText: string | null; shortText: string | null; types: string[] };
type Place = {
  fetchFields: (o: { fields: string[] }) => Promise<unknown>;
  addressComponents?: AddressComponent[];
  formattedAddress?: string | null;
};
type PlacePrediction = { placeId: string; text: { toString(): string }; toPlace: () => Place };
type PlacesLibrary = {
  AutocompleteSessionToken: new () => unknown;
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions: (req: {
      input: string;
      includedRegionCodes: string[];
      sessionToken?: unknown;
    }) => Promise<{ suggestions: { placePrediction: PlacePrediction | null }[] }>;
  };
};
type GoogleGlobal = { maps?: { importLibrary?: (name: string) => Promise<unknown> } };

declare global {
  interface Window {
    google?: GoogleGlobal;
    gm_authFailure?: () => void;
    __tyresMapsReady?: () => void;
  }
}

export const MIN_ADDRESS_CHARS = 3;
export const MAX_SUGGESTIONS = 5;
export const ADDRESS_DEBOUNCE_MS = 300;
/** The Maps script gives up after this long (a slow phone still loads it well within). */
export const MAPS_SCRIPT_TIMEOUT_MS = 10_000;
/**
 * A suggestion or an address lookup that has not answered in this long counts as failed, so an
 * address service that is down (or never answers) turns the field into plain typing with the note,
 * instead of leaving the customer waiting for suggestions (docs/decisions/402-providers-down-offline-retry-rtl.md).
 */
export const PLACES_TIMEOUT_MS = 5_000;

/** `promise`, or a rejection naming `what` once `ms` pass without an answer. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

let loading: Promise<PlacesLibrary> | null = null;
const authFailureListeners = new Set<() => void>();

/** Loads the Maps JS script once; rejects on network failure or timeout. */
export function loadPlaces(apiKey: string): Promise<PlacesLibrary> {
  if (loading) return loading;
  loading = new Promise<PlacesLibrary>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error('Maps script timed out')), MAPS_SCRIPT_TIMEOUT_MS);
    window.gm_authFailure = () => authFailureListeners.forEach((l) => l());
    window.__tyresMapsReady = () => {
      const importLibrary = window.google?.maps?.importLibrary;
      if (!importLibrary) return reject(new Error('Maps library missing'));
      importLibrary('places')
        .then((lib) => {
          window.clearTimeout(timer);
          resolve(lib as PlacesLibrary);
        })
        .catch(reject);
    };
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(apiKey)}&v=weekly&loading=async&libraries=places&callback=__tyresMapsReady`;
    script.async = true;
    script.onerror = () => reject(new Error('Maps script failed to load'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

export function onMapsAuthFailure(listener: () => void): () => void {
  authFailureListeners.add(listener);
  return () => authFailureListeners.delete(listener);
}

function component(list: AddressComponent[], type: string, short = false): string {
  const c = list.find((x) => x.types.includes(type));
  return (short ? c?.shortText : c?.longText) ?? '';
}

export async function suggestAddresses(
  lib: PlacesLibrary,
  input: string,
  sessionToken: unknown,
): Promise<AddressSuggestion[]> {
  const { suggestions } = await within(
    lib.AutocompleteSuggestion.fetchAutocompleteSuggestions({ input, includedRegionCodes: ['au'], sessionToken }),
    PLACES_TIMEOUT_MS,
    'Address suggestions',
  );
  return suggestions
    .map((s) => s.placePrediction)
    .filter((p): p is PlacePrediction => p !== null)
    .slice(0, MAX_SUGGESTIONS)
    .map((p) => ({
      id: p.placeId,
      text: p.text.toString(),
      select: async () => {
        const place = p.toPlace();
        await within(
          place.fetchFields({ fields: ['addressComponents', 'formattedAddress'] }),
          PLACES_TIMEOUT_MS,
          'The address lookup',
        );
        const parts = place.addressComponents ?? [];
        const street = [
          component(parts, 'subpremise'),
          component(parts, 'street_number'),
          component(parts, 'route'),
        ].filter(Boolean);
        const streetAddress =
          street.length > 1 && component(parts, 'subpremise')
            ? `${street[0]}/${street.slice(1).join(' ')}`
            : street.join(' ');
        return {
          fullAddress: place.formattedAddress ?? p.text.toString(),
          streetAddress: streetAddress || (place.formattedAddress ?? p.text.toString()),
          suburb: component(parts, 'locality'),
          postcode: component(parts, 'postal_code'),
          state: component(parts, 'administrative_area_level_1', true),
        };
      },
    }));
}
