// npm run decisions:index: writes docs/decisions/README.md, the list of every decision record with
// its status, from each record's heading and Status line (docs/decisions/270-decision-records-index.md).
// Refuses, naming the file and what to write, when a record is not in the house format or a Status
// line says one thing and the record it names says another.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const DECISIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const PRODUCT_FILE = path.join(DECISIONS_DIR, '..', 'product.md');
export const INDEX_FILE = 'README.md';
export const REGENERATE = 'run `npm run decisions:index`';

/** Themes by number range, so the list reads by area; a number outside them gets its decade. */
const THEMES: ReadonlyArray<readonly [number, number, string]> = [
  [1, 99, 'Foundations'],
  [100, 119, 'Staff sign-in and the team'],
  [120, 129, 'Public site'],
  [130, 139, 'Bookings, emails and photos'],
  [140, 149, 'Booking wizard'],
  [150, 159, 'Payments and holds'],
  [160, 169, 'Limits and safeguards'],
  [170, 179, 'Screens: emails, toasts, photos, contact checks, dialogs'],
  [180, 189, 'Tooling, contracts and staff tools'],
  [190, 199, 'Hardening: request text, contacts, payments, files, slots, live notifications'],
  [200, 209, 'Customer invoices'],
  [210, 219, 'Reports and purchase invoices'],
  [220, 229, 'Several instances'],
  [230, 239, 'Scale and operations'],
  [240, 249, 'Follow-ups: booking speed, honest wording, phone screens'],
  [250, 279, 'One owner for each piece of state: lifecycle, field rules, shapes, the test loop, decisions'],
];

type Relation = 'amends' | 'amended by' | 'supersedes' | 'superseded by';
const REVERSE: Record<Relation, Relation> = {
  amends: 'amended by',
  'amended by': 'amends',
  supersedes: 'superseded by',
  'superseded by': 'supersedes',
};

export interface DecisionRecord {
  number: number;
  file: string;
  title: string;
  status: string;
  links: Array<{ relation: Relation; number: number }>;
  movedTo: string | null;
}

const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const RELATION = /\b(amended by|amends|superseded by|supersedes)\s+((?:decisions?\s+)?\d{3}(?:\s*(?:,|and)\s*\d{3})*)/g;
const MOVED = /^moved to docs\/product\.md "([^"]+)"/;
const SECTIONS = ['**Context.**', '**Decision.**', '**Consequences.**'];

const pad = (n: number) => String(n).padStart(3, '0');

/** One record from its text; a problem (a sentence naming the file) when it is not in the house format. */
export function parseDecisionRecord(file: string, text: string): DecisionRecord | string {
  const number = Number(RECORD_FILE.exec(file)?.[1]);
  const [heading = '', statusLine = ''] = text.split('\n');
  const title = /^# (\d{3}) (\S.*)$/.exec(heading);
  if (!title) return `${file}: the first line must be "# ${pad(number)} Title in plain words"`;
  if (Number(title[1]) !== number) return `${file}: the heading says ${title[1]}, the file name ${pad(number)}`;
  const status = /^Status: (\S.*)$/.exec(statusLine)?.[1]?.trim();
  if (!status) {
    return `${file}: the second line must be its Status line ("Status: accepted", "Status: accepted; amends 184", "Status: superseded by 239")`;
  }
  const movedTo = MOVED.exec(status)?.[1] ?? null;
  if (!movedTo && !/^(accepted|superseded by)\b/.test(status)) {
    return `${file}: the Status line must start with "accepted", "superseded by N" or 'moved to docs/product.md "Section"'`;
  }
  if (!movedTo) {
    const at = SECTIONS.map((section) => text.search(new RegExp(`^${section.replace(/[.*]/g, '\\$&')}`, 'm')));
    if (at.some((i) => i < 0) || at.some((i, k) => k > 0 && i < (at[k - 1] ?? 0))) {
      return `${file}: the body must have ${SECTIONS.join(', ')} paragraphs, in that order`;
    }
  }
  const links = [...status.matchAll(RELATION)].flatMap((m) =>
    (m[2]?.match(/\d{3}/g) ?? []).map((n) => ({ relation: m[1] as Relation, number: Number(n) })),
  );
  return { number, file, title: title[2]?.trim() ?? '', status, links, movedTo };
}

/** Every record in the folder, and the problems that stop the index being written. */
export function readDecisionRecords(dir = DECISIONS_DIR): { records: DecisionRecord[]; problems: string[] } {
  const records: DecisionRecord[] = [];
  const problems: string[] = [];
  const files = readdirSync(dir)
    .filter((file) => file !== INDEX_FILE && file.endsWith('.md'))
    .sort();
  for (const file of files) {
    if (!RECORD_FILE.test(file)) {
      problems.push(`${file}: a record's file is named NNN-short-title.md`);
      continue;
    }
    const parsed = parseDecisionRecord(file, readFileSync(path.join(dir, file), 'utf8'));
    if (typeof parsed === 'string') problems.push(parsed);
    else records.push(parsed);
  }
  const seen = new Map<number, string>();
  for (const record of records) {
    const other = seen.get(record.number);
    if (other) problems.push(`${record.file}: number ${pad(record.number)} is taken by ${other}`);
    seen.set(record.number, record.file);
  }
  return { records, problems };
}

/** Status lines true both ways (an "amends 160" has its "amended by" in 160), sections that exist. */
export function checkDecisionLinks(records: DecisionRecord[], productHeadings: string[]): string[] {
  const byNumber = new Map(records.map((record) => [record.number, record]));
  const problems: string[] = [];
  for (const record of records) {
    for (const link of record.links) {
      const other = byNumber.get(link.number);
      if (!other) {
        problems.push(
          `${record.file}: its Status line says "${link.relation} ${pad(link.number)}", but there is no record ${pad(link.number)}`,
        );
      } else if (
        !other.links.some((back) => back.relation === REVERSE[link.relation] && back.number === record.number)
      ) {
        problems.push(
          `${other.file}: its Status line must say "${REVERSE[link.relation]} ${pad(record.number)}" (${record.file} says "${link.relation} ${pad(other.number)}")`,
        );
      }
    }
    if (record.movedTo && !productHeadings.includes(record.movedTo)) {
      problems.push(`${record.file}: docs/product.md has no section "${record.movedTo}"`);
    }
  }
  return problems;
}

export function productHeadings(file = PRODUCT_FILE): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^##+ (.+)$/gm)].map((m) => (m[1] ?? '').trim());
}

function themeOf(n: number): string {
  const theme = THEMES.find(([from, to]) => n >= from && n <= to);
  if (theme) return `${pad(theme[0])}-${pad(theme[1])} ${theme[2]}`;
  const decade = n - (n % 10);
  return `${pad(decade)}-${pad(decade + 9)}`;
}

function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}

function statusCell(record: DecisionRecord, files: Map<number, string>): string {
  if (record.movedTo) return `moved to [docs/product.md "${record.movedTo}"](../product.md#${anchor(record.movedTo)})`;
  return record.status.replace(/\b\d{3}\b/g, (n) => (files.has(Number(n)) ? `[${n}](${files.get(Number(n))})` : n));
}

/** docs/decisions/README.md as the records say it should read. */
export function renderDecisionsIndex(records: DecisionRecord[]): string {
  const sorted = [...records].sort((a, b) => a.number - b.number);
  const files = new Map(sorted.map((record) => [record.number, record.file]));
  const lines = [
    '# Decision records',
    '',
    'Why the code is as it is: each record is a choice someone would otherwise undo. The rules',
    'themselves are in [docs/product.md](../product.md); the picture of the code is',
    '[docs/architecture.md](../architecture.md). Code, tests and docs cite a record as "decision NNN".',
    '',
    `This list is generated from each record's heading and Status line: after adding or changing a record, ${REGENERATE}`,
    '(a unit test fails while it is out of date). A record reads:',
    '',
    '```',
    '# NNN Title in plain words',
    'Status: accepted | accepted; amends N | accepted; supersedes N | accepted; amended by N | superseded by N | moved to docs/product.md "Section"',
    '',
    '**Context.** ...',
    '**Decision.** ...',
    '**Consequences.** ...',
    '```',
    '',
    'A newer record that amends or supersedes an older one says so in its Status line, and the older',
    'one says "amended by" or "superseded by" in its own. A record whose rule is only what a screen',
    'says or shows has moved to docs/product.md; its file stays, so citations still lead somewhere.',
  ];
  let theme = '';
  for (const record of sorted) {
    const next = themeOf(record.number);
    if (next !== theme) {
      theme = next;
      lines.push('', `## ${theme}`, '', '| No. | Decision | Status |', '|---|---|---|');
    }
    const title = record.title.replace(/\|/g, '\\|');
    lines.push(
      `| ${pad(record.number)} | [${title}](${record.file}) | ${statusCell(record, files).replace(/\|/g, '\\|')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The index, or the problems that must be fixed first. */
export function buildDecisionsIndex(
  dir = DECISIONS_DIR,
  productFile = PRODUCT_FILE,
): { index: string | null; problems: string[] } {
  const { records, problems } = readDecisionRecords(dir);
  // Links are checked once every record reads: a record that cannot be read would show as missing.
  if (!problems.length) problems.push(...checkDecisionLinks(records, productHeadings(productFile)));
  return problems.length ? { index: null, problems } : { index: renderDecisionsIndex(records), problems };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { index, problems } = buildDecisionsIndex();
  if (!index) {
    console.error(
      `docs/decisions/${INDEX_FILE} not written; fix these records first:\n${problems.map((p) => `- docs/decisions/${p}`).join('\n')}`,
    );
    process.exit(1);
  }
  writeFileSync(path.join(DECISIONS_DIR, INDEX_FILE), index);
  console.log(
    `docs/decisions/${INDEX_FILE}: ${index.split('\n').filter((line) => /^\| \d{3} /.test(line)).length} records.`,
  );
}
