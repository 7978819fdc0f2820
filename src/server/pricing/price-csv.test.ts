import { describe, expect, it } from 'vitest';
import {
  FILE_EMPTY,
  FILE_HEADER_ONLY,
  FILE_NOT_UTF8,
  parsePriceFile,
  plainMoney,
  PriceFileRefused,
  rowKey,
} from './price-csv';

/** Reading a supplier's price file (decision 282): the owner's spreadsheet, line numbers as it shows them. */

const refusal = (input: Buffer | string) => {
  try {
    parsePriceFile(input);
  } catch (err) {
    if (err instanceof PriceFileRefused) return err.message;
    throw err;
  }
  return null;
};

describe('reading a supplier price file', () => {
  it('reads a comma file with any header spelling, normalising the size', () => {
    const file = parsePriceFile(
      'Size,Brand,Model,purchasePrice,Retail Price (inc GST)\n205 55 r16,Michelin,Primacy 4,120,159.00\n',
    );
    expect(file.lines).toEqual([
      {
        line: 2,
        size: '205/55R16',
        brand: 'Michelin',
        model: 'Primacy 4',
        purchasePrice: '120.00',
        retailPrice: '159.00',
      },
    ]);
    expect(file.errors).toEqual([]);
    expect(file.hasStock).toBe(false);
  });

  it('reads a semicolon file with a BOM, $ and thousands separators, and a stock column', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        'size;brand;model;purchase price;retail price;stock\r\n315/80R22;Bridgestone;R-Steer;"$1,050.00";$1,234.50;4\r\n205/55R16;Michelin;Primacy 4;$120;$159;\r\n',
      ),
    ]);
    const file = parsePriceFile(bytes);
    expect(file.errors).toEqual([]);
    expect(file.lines).toEqual([
      {
        line: 2,
        size: '315/80R22',
        brand: 'Bridgestone',
        model: 'R-Steer',
        purchasePrice: '1050.00',
        retailPrice: '1234.50',
        stock: 4,
      },
      {
        line: 3,
        size: '205/55R16',
        brand: 'Michelin',
        model: 'Primacy 4',
        purchasePrice: '120.00',
        retailPrice: '159.00',
        stock: null,
      },
    ]);
  });

  it('refuses bad lines by number and column, keeping the good ones', () => {
    const file = parsePriceFile(
      [
        'size,brand,model,purchase price,retail price,stock',
        '205/55R16,Michelin,Primacy 4,120,159,3',
        '205/55R16,Michelin,Pilot,120,0,1',
        '',
        '999,Michelin,Pilot,abc,100,-1',
        '195/65R15,Falken,Sincera,80,95,0',
      ].join('\n'),
    );
    expect(file.lines.map((l) => l.line)).toEqual([2, 6]);
    expect(file.refusedLines).toBe(2);
    expect(file.errors).toEqual([
      {
        line: 3,
        column: 'retail price',
        message: 'line 3, retail price: must be a dollar amount above 0, with at most 2 decimals',
      },
      {
        line: 5,
        column: 'size',
        message:
          'line 5, size: must be a tyre size like 205/55R16; purchase price: must be a dollar amount, 0 or more, with at most 2 decimals; stock: must be a whole number, 0 or more (empty: not tracked)',
      },
    ]);
    // A refused line still names its row: "deactivate missing" must not take it off sale.
    expect(file.listed.has(rowKey('205/55R16', 'michelin', 'PILOT'))).toBe(true);
    expect([...file.brands.values()].sort()).toEqual(['Falken', 'Michelin']);
  });

  it('refuses a line that repeats an earlier one (names in any case)', () => {
    const file = parsePriceFile(
      'size,brand,model,purchase price,retail price\n205/55R16,Michelin,Primacy 4,120,159\n205/55 R16,MICHELIN,primacy 4,121,160\n',
    );
    expect(file.errors).toEqual([
      { line: 3, column: 'model', message: 'line 3, model: repeats line 2 (205/55R16 MICHELIN primacy 4)' },
    ]);
  });

  it.each([
    ['', FILE_EMPTY],
    ['  \n\n', FILE_EMPTY],
    ['size,brand,model,purchase price,retail price\n', FILE_HEADER_ONLY],
    [
      'size,brand,cost\n205/55R16,Michelin,120\n',
      'The header row must name the columns size, brand, model, purchase price and retail price (stock is optional); missing: model, retail price.',
    ],
    [Buffer.from([0x73, 0x69, 0x7a, 0x65, 0x0a, 0xe9, 0x0a]), FILE_NOT_UTF8],
  ])('refuses the whole file %j with a clear message', (input, message) => {
    expect(refusal(input)).toBe(message);
  });

  it('refuses a file over 20,000 lines', () => {
    const text =
      'size,brand,model,purchase price,retail price\n' + '205/55R16,Michelin,Primacy 4,120,159\n'.repeat(20_000);
    expect(refusal(text)).toBe('The file has more than 20,000 lines. Split it into smaller files and import each.');
  });
});

describe('money as suppliers write it', () => {
  it.each([
    ['$1,234.50', '1234.50'],
    ['1,234', '1234'],
    ['$ 99', '99'],
    ['12,50', '12,50'],
    ['1.234,50', '1.234,50'],
  ])('%j reads as %j', (cell, plain) => {
    expect(plainMoney(cell)).toBe(plain);
  });
});
