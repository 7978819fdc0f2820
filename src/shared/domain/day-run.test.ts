import { describe, expect, it } from 'vitest';
import { directionsUrl, stopAddress } from './day-run';

describe('directionsUrl', () => {
  const stop = (address: string, suburb: string, postcode: string) => ({ address, suburb, postcode });

  it('gives no link for a day without stops', () => {
    expect(directionsUrl([])).toBeNull();
  });

  it('goes straight to a single stop', () => {
    const url = new URL(directionsUrl([stop('12 Example Street', 'Joondalup', '6027')])!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      api: '1',
      destination: '12 Example Street, Joondalup WA 6027',
      travelmode: 'driving',
    });
  });

  it('passes the earlier stops as waypoints in order and ends at the last', () => {
    const url = new URL(
      directionsUrl([
        stop('1 First Rd', 'Mandurah', '6210'),
        stop('2 Second St', 'Baldivis', '6171'),
        stop('3 Third Ave', 'Rockingham', '6168'),
      ])!,
    );
    expect(url.searchParams.get('waypoints')).toBe('1 First Rd, Mandurah WA 6210|2 Second St, Baldivis WA 6171');
    expect(url.searchParams.get('destination')).toBe('3 Third Ave, Rockingham WA 6168');
  });

  it('does not repeat a suburb the address already names', () => {
    expect(stopAddress(stop('5 Mail Street, Rockingham', 'Rockingham', '6168'))).toBe('5 Mail Street, Rockingham 6168');
  });
});
