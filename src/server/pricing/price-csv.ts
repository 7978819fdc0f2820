import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import {
  IMPORT_LIMITS,
  IMPORT_TOO_MANY_LINES,
  PRICE_RULES,
  purchasePriceField,
  retailPriceField,
  stockField,
  tyrePriceRequest,
  type ImportError,
  type PriceColumn,
} from '../../shared/schemas/tyre-prices';

/**
 * A supplier's price file read into lines (decision 282): a header row naming the columns in any
 * case or spelling ("Purchase Price", "purchase_price"), comma or semicolon (whichever the header
 * uses more), UTF-8 with or without a BOM. Each line is checked by the price list's own field rules;
 * a refused line is reported with its line number as a spreadsheet shows it (the header is line 1).
 */

export type PriceLine = {
  line: number;
  size: string;
  brand: string;
  model: string;
  purchasePrice: string;
  retailPrice: string;
  /** Present only when the file has a stock column: null is "not tracked". */
  stock?: number | null;
};

export type PriceFile = {
  lines: PriceLine[];
  /** One per refused line: the first bad column, and every problem of the line in its message. */
  errors: ImportError[];
  /** Lines refused (a line with two bad cells counts once). */
  refusedLines: number;
  /** Every size / brand / model the file names, good line or not: a row it names is never "missing" from it. */
  listed: Set<string>;
  /** The brands the file names, by their lower case, as first written: "deactivate missing rows" reaches these only. */
  brands: Map<string, string>;
  hasStock: boolean;
};

/** A whole file refused before its lines are read: empty, not UTF-8, no header, too many lines. */
export class PriceFileRefused extends Error {}

export const FILE_EMPTY = 'The file is empty. Export the price list as CSV with a header row and import it again.';
export const FILE_HEADER_ONLY = 'The file has a header row but no price lines.';
export const FILE_NOT_UTF8 = 'The file is not UTF-8 text. Save it as "CSV UTF-8" and import it again.';
const REQUIRED: PriceColumn[] = ['size', 'brand', 'model', 'purchasePrice', 'retailPrice'];

/** Header spellings each column answers to, after lower-casing and turning `_`, `-` and runs of spaces into one space. */
const HEADER_NAMES: Record<PriceColumn, string[]> = {
  size: ['size', 'tyre size', 'tire size'],
  brand: ['brand', 'make'],
  model: ['model', 'pattern'],
  purchasePrice: ['purchase price', 'purchase', 'cost', 'cost price', 'buy price'],
  retailPrice: ['retail price', 'retail', 'sell price', 'price'],
  stock: ['stock', 'qty', 'quantity', 'stock qty', 'on hand'],
};

export const wrongColumns = (missing: PriceColumn[]) =>
  `The header row must name the columns size, brand, model, purchase price and retail price (stock is optional); missing: ${missing.map((c) => PRICE_RULES[c].column).join(', ')}.`;

/** "Purchase Price", "purchase_price", "purchasePrice" and "Retail price (inc GST)" read as "purchase price" and "retail price". */
const headerKey = (cell: string) =>
  cell
    .replace(/\(.*?\)/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
    .replace(/[_\-\s]+/g, ' ')
    .replace(/[^a-z ]/g, '')
    .trim();

/** The key a row is known by: its size, brand and model, case ignored in the names. */
export const rowKey = (size: string, brand: string, model: string) =>
  `${size}|${brand.trim().toLowerCase()}|${model.trim().toLowerCase()}`;

/**
 * Money as suppliers write it, made plain for the one money rule: `$` and spaces dropped, and
 * commas dropped only where they group thousands ("1,234.50"). A decimal comma ("12,50") is left
 * as it is and refused, never read as 1250 (decision 282).
 */
export function plainMoney(cell: string): string {
  const text = cell.replace(/\s+/g, '').replace(/^(-?)\$/, '$1');
  return /^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, '') : text;
}

function decode(bytes: Buffer | string): string {
  if (typeof bytes === 'string') return bytes.replace(/^\uFEFF/, '');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new PriceFileRefused(FILE_NOT_UTF8);
  }
}

const CHECKS: Record<PriceColumn, z.ZodType> = {
  size: tyrePriceRequest.shape.size,
  brand: tyrePriceRequest.shape.brand,
  model: tyrePriceRequest.shape.model,
  purchasePrice: purchasePriceField(),
  retailPrice: retailPriceField(),
  stock: stockField(),
};

/** The rule a cell broke, without the form's label: "must be a dollar amount above 0, with at most 2 decimals". */
function ruleBroken(column: PriceColumn, issueMessage: string): string {
  const label = PRICE_RULES[column].label;
  return issueMessage.startsWith(`${label} `) ? issueMessage.slice(label.length + 1) : issueMessage;
}

/** A refused line: "line 7, retail price: must be a dollar amount above 0, with at most 2 decimals", further problems of the line after a semicolon. */
export function lineError(line: number, problems: { column: PriceColumn; rule: string }[]): ImportError {
  const said = problems.map((p) => `${PRICE_RULES[p.column].column}: ${p.rule}`).join('; ');
  return { line, column: PRICE_RULES[problems[0]!.column].column, message: `line ${line}, ${said}` };
}

export function parsePriceFile(bytes: Buffer | string): PriceFile {
  const text = decode(bytes);
  if (text.trim() === '') throw new PriceFileRefused(FILE_EMPTY);
  const rawLines = text.split(/\r\n|\r|\n/);
  while (rawLines.length && rawLines[rawLines.length - 1]!.trim() === '') rawLines.pop();
  if (rawLines.length > IMPORT_LIMITS.maxLines) throw new PriceFileRefused(IMPORT_TOO_MANY_LINES);
  const header = rawLines.find((l) => l.trim() !== '') ?? '';
  const delimiter = (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      relax_quotes: true,
    }) as unknown as typeof records;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw new PriceFileRefused(
      `The file could not be read as CSV${line ? ` at line ${line}` : ''}: a quote is not closed or a cell is malformed.`,
    );
  }
  const [head, ...rows] = records;
  if (!head) throw new PriceFileRefused(FILE_EMPTY);
  const columns = new Map<PriceColumn, number>();
  head.record.forEach((cell, index) => {
    const key = headerKey(cell);
    const column = (Object.keys(HEADER_NAMES) as PriceColumn[]).find((c) => HEADER_NAMES[c].includes(key));
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const missing = REQUIRED.filter((c) => !columns.has(c));
  if (missing.length) throw new PriceFileRefused(wrongColumns(missing));
  const dataRows = rows.filter((r) => r.record.some((cell) => cell.trim() !== ''));
  if (dataRows.length === 0) throw new PriceFileRefused(FILE_HEADER_ONLY);

  const hasStock = columns.has('stock');
  const result: PriceFile = { lines: [], errors: [], refusedLines: 0, listed: new Set(), brands: new Map(), hasStock };
  const seen = new Map<string, number>();
  for (const { record, info } of dataRows) {
    const line = info.lines;
    const errors: { column: PriceColumn; rule: string }[] = [];
    const values: Partial<Record<PriceColumn, unknown>> = {};
    for (const [column, index] of columns) {
      const raw = record[index] ?? '';
      const cell = column === 'purchasePrice' || column === 'retailPrice' ? plainMoney(raw) : raw;
      const checked = CHECKS[column].safeParse(cell);
      if (checked.success) values[column] = checked.data;
      else errors.push({ column, rule: ruleBroken(column, checked.error.issues[0]?.message ?? 'is not valid') });
    }
    const { size, brand, model } = values as { size?: string; brand?: string; model?: string };
    if (size && brand && model) {
      const key = rowKey(size, brand, model);
      const first = seen.get(key);
      if (first !== undefined)
        errors.push({ column: 'model', rule: `repeats line ${first} (${size} ${brand} ${model})` });
      else seen.set(key, line);
      result.listed.add(key);
    }
    if (brand && !result.brands.has(brand.toLowerCase())) result.brands.set(brand.toLowerCase(), brand);
    if (errors.length) {
      result.errors.push(lineError(line, errors));
      result.refusedLines++;
      continue;
    }
    result.lines.push({
      line,
      ...(values as Omit<PriceLine, 'line'>),
      ...(hasStock ? { stock: values.stock as number | null } : {}),
    });
  }
  return result;
}
