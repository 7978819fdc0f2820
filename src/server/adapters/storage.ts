import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded photos live. Names are chosen by the server (random), never by the uploader. */
export type PhotoStorage = {
  save(name: string, data: Buffer): Promise<void>;
  read(name: string): Promise<Buffer>;
  remove(name: string): Promise<void>;
};

const SAFE_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

function assertSafeName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`Refusing unsafe photo file name: ${name}`);
}

/** Local disk under DATA_DIR/photos; writes go to a temporary file first so a crash leaves no half file. */
export function createLocalPhotoStorage(dataDir: string): PhotoStorage {
  const dir = path.join(dataDir, 'photos');
  return {
    async save(name, data) {
      assertSafeName(name);
      await fs.mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await fs.writeFile(tmp, data, { flag: 'wx' });
        await fs.rename(tmp, path.join(dir, name));
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async read(name) {
      assertSafeName(name);
      return fs.readFile(path.join(dir, name));
    },
    async remove(name) {
      assertSafeName(name);
      await fs.rm(path.join(dir, name), { force: true });
    },
  };
}
