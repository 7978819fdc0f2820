/**
 * The photo budget of `npm run bench:api`, run as its own process so its memory is the pipeline's
 * alone: a photo-like 4000x3000 JPEG of about 5 MB goes through the app's own check and re-encode
 * (src/server/photos/service.ts), once at a time and five at once, sampling RSS meanwhile.
 * Prints one JSON line: { inputBytes, singleMs: [...], fiveAtOnceMs, rssGrowthMb }.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { reencode } from '../../src/server/photos/service';

/** A gradient with waves and grain, JPEG quality 92: about the size and entropy of a phone photo. */
export async function photoLikeJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 40;
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = grain();
      raw[i] = clamp(60 + (150 * x) / width + 30 * Math.sin(y / 50) + n);
      raw[i + 1] = clamp(90 + (100 * y) / height + 25 * Math.sin(x / 70) + n);
      raw[i + 2] = clamp(140 - (80 * x) / width + n);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function main() {
  const jpeg = await photoLikeJpeg();
  await reencode(jpeg); // warm-up: libvips start-up is not an upload's cost
  const singleMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await reencode(jpeg);
    singleMs.push(performance.now() - started);
  }
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  const started = performance.now();
  // Five uploads arriving together, each with its own copy of the bytes (as multipart hands them over).
  await Promise.all(Array.from({ length: 5 }, () => reencode(Buffer.from(jpeg))));
  const fiveAtOnceMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  console.log(
    JSON.stringify({ inputBytes: jpeg.length, singleMs, fiveAtOnceMs, rssGrowthMb: (peak - baseline) / 1048576 }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
