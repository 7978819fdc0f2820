import { describe, expect, it } from 'vitest';
import { isPhoneBrowser } from './staff-first-screen';

const asked = (headers: Record<string, string>) => isPhoneBrowser({ headers });

describe('the layout a dashboard page is rendered in', () => {
  it('is the phone layout for a browser that says it is a phone', () => {
    expect(
      asked({
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      }),
    ).toBe(true);
    expect(
      asked({
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      }),
    ).toBe(true);
    expect(asked({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' })).toBe(true);
  });

  it('is the wide layout for a desk or a tablet, and Sec-CH-UA-Mobile wins over the user agent', () => {
    expect(
      asked({
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      }),
    ).toBe(false);
    expect(
      asked({
        'user-agent':
          'Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      }),
    ).toBe(false);
    expect(
      asked({
        'sec-ch-ua-mobile': '?0',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36',
      }),
    ).toBe(false);
  });

  it('is the phone layout when the browser says nothing', () => {
    expect(asked({})).toBe(true);
  });
});
