/**
 * Where a day run's stops are and how to drive through them (docs/product.md "Staff dashboard").
 * Shared so the run the server answers, the printed run sheet and the screens name a stop the same way.
 */

type Place = { address: string; suburb: string; postcode: string };

/** "12 Example Street, Joondalup WA 6027": enough for a map to find, without repeating a suburb the address already names. */
export function stopAddress({ address, suburb, postcode }: Place): string {
  const street = address.trim();
  const place = [suburb.trim(), 'WA', postcode.trim()].filter(Boolean).join(' ');
  if (street.toLowerCase().includes(suburb.trim().toLowerCase()) && suburb.trim())
    return `${street} ${postcode.trim()}`.trim();
  return street ? `${street}, ${place}` : place;
}

/**
 * One Google Maps link for a run: directions from wherever the phone is (no origin), through each
 * stop in slot order, to the last one (Maps URLs, `api=1`; waypoints separated by "|", the whole
 * value URL-encoded). Null with no stops.
 */
export function directionsUrl(stops: readonly Place[]): string | null {
  if (stops.length === 0) return null;
  const addresses = stops.map(stopAddress);
  const params = new URLSearchParams({
    api: '1',
    destination: addresses[addresses.length - 1]!,
    travelmode: 'driving',
  });
  if (addresses.length > 1) params.set('waypoints', addresses.slice(0, -1).join('|'));
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}
