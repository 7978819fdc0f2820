import fs from 'node:fs';
import { createRequire } from 'node:module';
import { hasRightToLeft, visualPiecesOf } from './pdf-bidi';

/**
 * The fonts every text of an invoice or credit note PDF is drawn in (decision 298): Noto Sans
 * (Latin with Vietnamese, Greek, Cyrillic, the euro and fractions), with a fallback per run of
 * characters to Noto Sans SC (Chinese, Japanese kana, Korean hangul) and Noto Sans Arabic. pdfkit
 * embeds only the glyphs used (a subset), so a PDF stays small; pdfkit's built-in fonts are
 * Latin-1 only and garbled customers' names.
 */

export type Weight = 'regular' | 'bold';
type Family = 'latin' | 'cjk' | 'arabic';

const require = createRequire(import.meta.url);
// Resolved by name, so the packages are found wherever npm put them.
const FILES: Record<Family, Record<Weight, string>> = {
  latin: {
    regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  },
  cjk: {
    regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
  },
  arabic: {
    regular: require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
    bold: require.resolve('@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'),
  },
};

// Read once per process: the Chinese font alone is 10 MB.
const loaded = new Map<string, Buffer>();
function fontBytes(family: Family, weight: Weight): Buffer {
  const file = FILES[family][weight];
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = fs.readFileSync(file);
    loaded.set(file, bytes);
  }
  return bytes;
}

const CJK =
  /[\u2E80-\u2FDF\u3000-\u30FF\u3100-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7FF\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFFEF]|[\u{20000}-\u{2FFFF}]/u;
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;
/** Characters any of the fonts draws (spaces, digits, punctuation): they stay in the run they are in. */
const NEUTRAL = /[\s\d.,:;!?'"()\-–—/&@#%+*=_]/u;

function familyOf(ch: string): Family | null {
  if (CJK.test(ch)) return 'cjk';
  if (ARABIC.test(ch)) return 'arabic';
  return NEUTRAL.test(ch) ? null : 'latin';
}

export type Run = { family: Family; text: string };

/** The text cut into runs, each drawn in one font: a run changes font only where a character needs another. */
export function runsOf(text: string): Run[] {
  const runs: (Run & { strong: boolean })[] = [];
  for (const ch of text) {
    const family = familyOf(ch);
    const last = runs.at(-1);
    if (family === null) {
      if (last) last.text += ch;
      else runs.push({ family: 'latin', text: ch, strong: false });
    } else if (last && (last.family === family || !last.strong)) {
      // Leading spaces or digits take the font of the first letter after them.
      Object.assign(last, { family, text: last.text + ch, strong: true });
    } else {
      runs.push({ family, text: ch, strong: true });
    }
  }
  // A space after right-to-left text is drawn after it on the page, not before it.
  for (let i = 0; i < runs.length - 1; i++) {
    const gap = /\s+$/u.exec(runs[i]!.text);
    if (runs[i]!.family === 'arabic' && gap) {
      runs[i]!.text = runs[i]!.text.slice(0, gap.index);
      runs[i + 1]!.text = gap[0] + runs[i + 1]!.text;
    }
  }
  return runs.map(({ family, text: t }) => ({ family, text: t }));
}

/**
 * A line's runs in visual order, left to right (the bidi step, pdf-bidi.ts, decision 402): a
 * right-to-left piece's own runs are drawn from its end.
 */
export function visualRunsOf(text: string): Run[] {
  return visualPiecesOf(text).flatMap((piece) => (piece.rtl ? runsOf(piece.text).reverse() : runsOf(piece.text)));
}

export const fontName = (family: Family, weight: Weight) => `${family}-${weight}`;

/**
 * Noto Sans decomposes a Vietnamese letter (ọ into o and a dot below) by its ccmp feature, and
 * pdfkit then maps the plain o to "ọ" for every later o of the PDF, so pdftotext and copy-paste read
 * "Tọtal". The precomposed glyphs are in the font: Latin runs are laid out without ccmp. A new
 * object each time, because fontkit adds its own features to the one it is given.
 */
const featuresOf = (family: Family): TextOptions => (family === 'latin' ? { features: { ccmp: false } as never } : {});

type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

/** Registers the fonts a document's texts need (the Chinese one only when a text has such characters). */
export function registerFonts(doc: Doc, texts: string[]): void {
  const needs = new Set<Family>(['latin']);
  for (const t of texts) for (const r of runsOf(t)) needs.add(r.family);
  for (const family of needs)
    for (const weight of ['regular', 'bold'] as const)
      doc.registerFont(fontName(family, weight), fontBytes(family, weight));
}

/**
 * Draws one text in the invoice fonts, switching font per run. One run: pdfkit lays it out as
 * usual (wrapping, alignment). Several runs: a line that fits is placed run by run at its
 * alignment; a longer one flows left-aligned, run after run.
 */
export function drawText(
  doc: Doc,
  text: string,
  weight: Weight,
  x?: number,
  y?: number,
  options: TextOptions = {},
): void {
  // A line with right-to-left words is drawn in visual order when it fits (pdf-bidi.ts, decision 402).
  const visual = hasRightToLeft(text) ? visualRunsOf(text) : null;
  const logical = runsOf(text);
  let runs = visual ?? logical;
  if (runs.length <= 1) {
    const family = runs[0]?.family ?? 'latin';
    doc.font(fontName(family, weight));
    if (x === undefined) doc.text(text, { ...options, ...featuresOf(family) });
    else doc.text(text, x, y, { ...options, ...featuresOf(family) });
    return;
  }
  const startX = x ?? doc.x;
  const startY = y ?? doc.y;
  const widths = runs.map((r) => doc.font(fontName(r.family, weight)).widthOfString(r.text, featuresOf(r.family)));
  const total = widths.reduce((a, b) => a + b, 0);
  const width = options.width ?? doc.page.width - doc.page.margins.right - startX;
  if (total <= width) {
    const lineHeight = Math.max(...runs.map((r) => doc.font(fontName(r.family, weight)).currentLineHeight(true)));
    let cx =
      options.align === 'right'
        ? startX + width - total
        : options.align === 'center'
          ? startX + (width - total) / 2
          : startX;
    runs.forEach((r, i) => {
      doc.font(fontName(r.family, weight)).text(r.text, cx, startY, { lineBreak: false, ...featuresOf(r.family) });
      cx += widths[i]!;
    });
    doc.x = startX;
    doc.y = startY + lineHeight;
    return;
  }
  // Longer than a line: it flows in logical order, as pdfkit wraps it.
  runs = logical;
  runs.forEach((r, i) => {
    doc.font(fontName(r.family, weight));
    const last = i === runs.length - 1;
    if (i === 0)
      doc.text(r.text, startX, startY, { ...options, align: 'left', continued: !last, ...featuresOf(r.family) });
    else doc.text(r.text, { continued: !last, ...featuresOf(r.family) });
  });
}

/** The height a text takes at a width, in the invoice fonts. */
export function heightOf(doc: Doc, text: string, weight: Weight, width: number): number {
  const runs = runsOf(text);
  const family = runs.find((r) => r.family !== 'latin')?.family ?? 'latin';
  return doc.font(fontName(family, weight)).heightOfString(text, { width, ...featuresOf(family) });
}
