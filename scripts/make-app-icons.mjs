#!/usr/bin/env node
// Draws the installable dashboard's icons (docs/decisions/188-installable-dashboard.md) from one SVG:
// the favicon's tyre mark on the charcoal brand colour. Run after changing the mark; the PNGs are
// committed, so the build never needs this. `node scripts/make-app-icons.mjs`
import path from 'node:path';
import sharp from 'sharp';

const CHARCOAL = '#1f2328';
const ACCENT = '#f5b301';
const out = path.resolve(import.meta.dirname, '../public');

/** The mark at `scale` of the canvas: a maskable icon keeps it inside the central 80% safe zone. */
function iconSvg(size, { scale, rounded }) {
  const c = size / 2;
  const r = (size / 2) * scale;
  const corner = rounded ? size * 0.18 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${corner}" fill="${CHARCOAL}"/>
  <circle cx="${c}" cy="${c}" r="${r * 0.6}" fill="none" stroke="${ACCENT}" stroke-width="${r * 0.27}"/>
  <circle cx="${c}" cy="${c}" r="${r * 0.2}" fill="${ACCENT}"/>
</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, scale: 0.9, rounded: true },
  { file: 'icon-512.png', size: 512, scale: 0.9, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.62, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.75, rounded: false },
];
for (const icon of icons) {
  await sharp(Buffer.from(iconSvg(icon.size, icon)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, icon.file));
  console.log(`public/${icon.file}`);
}
