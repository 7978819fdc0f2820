import { describe, expect, it } from 'vitest';
import { buildStaffManifest, shortNameOf, staffInstallHead } from './staff-manifest';

describe('the staff dashboard manifest', () => {
  it.each([
    ['Mobile Tyre & Battery Co.', 'Mobile Tyre'],
    ["Joe's Tyres", "Joe's Tyres"],
    ['Wheels', 'Wheels'],
    ['Supercalifragilistic Tyres', 'Supercalifra'],
  ])('labels the home-screen icon of %j as %j (12 characters at most, whole words)', (name, short) => {
    expect(shortNameOf(name)).toBe(short);
  });

  it('is named after the business and opens /dashboard in its own window with the brand colour', () => {
    const manifest = buildStaffManifest('Mobile Tyre & Battery Co.');
    expect(manifest).toMatchObject({
      name: 'Mobile Tyre & Battery Co. Dashboard',
      short_name: 'Mobile Tyre',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#1f2328',
    });
    // Chromium offers installation with a 192 px and a 512 px icon; the maskable one fills Android's shapes.
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  it("escapes the business name in the pages' head", () => {
    const head = staffInstallHead('A "Quoted" <Name>', (s) => s.replace(/[<>"]/g, '_'));
    expect(head).toContain('content="A _Quoted_"');
    expect(head).toContain('<link rel="manifest" href="/dashboard.webmanifest">');
    expect(head).toContain('<script src="/sw-register.js" defer></script>');
  });
});
