import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createFileStorage } from '../../src/server/adapters/storage-choice';
import { buildApp } from '../../src/server/app';
import { fixedClock } from '../../src/server/clock';
import type { Config } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { jobPhotos } from '../../src/server/db/schema';
import { insertExpense, insertJob, insertPurchaseInvoice } from '../../src/server/db/seed/factories';
import { seedReferenceData } from '../../src/server/db/seed/reference';
import { TIME_SLOTS } from '../../src/shared/domain/slots';
import { signedInStaff } from './staff-session';
import { MONDAY_7AM_PERTH } from './test-app';

const INVOICES = '/api/dashboard/customer-invoices';
const root = path.resolve(import.meta.dirname, '../..');

/**
 * A small but whole business, made the way the app makes it: reference data, an admin and a
 * technician with sessions, customers and completed jobs with photos (JPEGs in the file store),
 * invoices whose PDFs the app printed (one paid, so it has a second version), purchases, expenses.
 */
export async function seedBusiness(db: Db, config: Config): Promise<void> {
  const clock = fixedClock(MONDAY_7AM_PERTH);
  await seedReferenceData(db, config);
  const app = await buildApp({ config, db, clock });
  const files = createFileStorage(config);
  try {
    await app.ready();
    const admin = await signedInStaff({ db, clock, config }, { role: 'admin', email: 'owner@example.com' });
    await signedInStaff({ db, clock, config }, { role: 'technician' });
    const request = async (method: 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as Record<string, unknown>;
    };
    for (let i = 0; i < 4; i++) {
      const job = await insertJob(db, {
        status: 'completed',
        scheduledDay: `2026-12-0${i + 1}`,
        timeSlot: TIME_SLOTS[i]!,
        customerValue: `${129 + i * 10}.80`,
      });
      for (let p = 0; p < 2; p++) {
        const data = await sharp({
          create: { width: 64 + p, height: 48, channels: 3, background: { r: 40 * i, g: 90, b: 30 * p } },
        })
          .jpeg()
          .toBuffer();
        const filename = `${randomBytes(16).toString('hex')}.jpg`;
        await files.photos.save(filename, data);
        await db.insert(jobPhotos).values({
          jobId: job.id,
          type: 'tyre',
          filename,
          originalName: `tyre-${i}-${p}.jpg`,
          mimeType: 'image/jpeg',
          size: data.length,
        });
      }
      if (i < 3) {
        const { customerInvoice } = (await request('POST', `${INVOICES}/generate/${job.id}`)) as {
          customerInvoice: { id: string };
        };
        await request('POST', `${INVOICES}/${customerInvoice.id}/pdf`);
        if (i === 0) {
          await request('POST', `${INVOICES}/bulk-status`, { ids: [customerInvoice.id], status: 'paid' });
          await request('POST', `${INVOICES}/${customerInvoice.id}/pdf`);
        }
      }
    }
    await insertPurchaseInvoice(db);
    await insertPurchaseInvoice(db, { supplierName: 'Battery Supplies Perth' });
    await insertExpense(db);
    await insertExpense(db, {
      description: 'Van insurance',
      category: 'insurance',
      amount: '550.00',
      gstAmount: '50.00',
    });
  } finally {
    files.close();
    await app.close();
  }
}

/** Every row of every table (as JSON, sorted) and every sequence's position: what a restore must bring back. */
export async function snapshotRows(db: Db): Promise<Record<string, string[]>> {
  const rowsOf = async <T>(query: string) => ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const tables = await rowsOf<{ s: string; t: string }>(
    "SELECT schemaname AS s, tablename AS t FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2",
  );
  const out: Record<string, string[]> = {};
  for (const { s, t } of tables)
    out[`${s}.${t}`] = (await rowsOf<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM "${s}"."${t}" x`))
      .map((r) => r.j)
      .sort();
  out.sequences = (
    await rowsOf<{ j: string }>(
      "SELECT sequencename || '=' || coalesce(last_value::text, 'unused') AS j FROM pg_sequences ORDER BY 1",
    )
  ).map((r) => r.j);
  return out;
}

/** Every stored file (photos and invoice PDFs, on disk or in S3) by kind and name, with its sha256. */
export async function snapshotFiles(config: Config): Promise<Record<string, string>> {
  const files = createFileStorage(config);
  try {
    const out: Record<string, string> = {};
    for (const [kind, store] of [
      ['photos', files.photos],
      ['invoices', files.pdfs],
    ] as const) {
      for (const f of await store.list())
        out[`${kind}/${f.name}`] = createHash('sha256')
          .update(await store.read(f.name))
          .digest('hex');
    }
    return out;
  } finally {
    files.close();
  }
}

/** Removes every stored file (the "wipe" of a bucket or of DATA_DIR's file folders). */
export async function removeAllFiles(config: Config): Promise<void> {
  const files = createFileStorage(config);
  try {
    for (const store of [files.photos, files.pdfs]) for (const f of await store.list()) await store.remove(f.name);
  } finally {
    files.close();
  }
}

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/** `npm run db:backup` / `db:restore` as the operator runs them: a process of its own, with this environment only. */
export function runBackupScript(
  script: 'db-backup' | 'db-restore',
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DATA_DIR|FILE_STORAGE|S3_|PG_BIN)/.test(k)),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'scripts', `${script}.ts`), ...args],
      {
        cwd: root,
        // NODE_NO_WARNINGS: the AWS SDK's notice about Node 20 support is not the script's output.
        env: { ...base, NODE_ENV: 'test', LOG_LEVEL: 'silent', NODE_NO_WARNINGS: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
