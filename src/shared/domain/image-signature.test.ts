import { describe, expect, it } from 'vitest';
import { IMAGE_SIGNATURE_LENGTH, imageTypeOf } from './image-signature';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('photo type by its first bytes', () => {
  it.each([
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), 'image/png'],
    ['WebP', bytes('RIFF', [0x24, 0x00, 0x00, 0x00], 'WEBPVP8 '), 'image/webp'],
    ['text renamed .jpg', bytes('this is not an image'), null],
    ['GIF', bytes('GIF89a', [1, 0, 1, 0]), null],
    ['WAV (RIFF but not WebP)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
    ['PNG cut short', bytes([0x89], 'PNG'), null],
    ['JPEG start only', bytes([0xff, 0xd8]), null],
    ['empty file', bytes(), null],
  ])('%s -> %s', (_name, input, expected) => {
    expect(imageTypeOf(input)).toBe(expected);
  });

  it('needs no more than the first 12 bytes', () => {
    const webp = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ', [1, 2, 3, 4]);
    expect(imageTypeOf(webp.slice(0, IMAGE_SIGNATURE_LENGTH))).toBe('image/webp');
  });
});
