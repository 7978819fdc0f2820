// The build's scripts and styles compressed once, at the best settings, beside each file
// (x.js.br, x.js.gz): the server sends these bytes as they are instead of compressing every
// answer again (docs/decisions/385-assets-compressed-at-build.md).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt)$/;
// Below this a compressed copy saves less than its headers cost.
const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` beside every compressible file of `dir` over 1 KB; returns how many files. */
export function precompressDir(dir) {
  let count = 0;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!COMPRESSIBLE.test(name) || !fs.statSync(file).isFile()) continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}
