import bidiFactory from 'bidi-js';

/**
 * The bidi step before pdfkit (docs/decisions/402-providers-down-offline-retry-rtl.md): pdfkit lays
 * a text out left to right, and fontkit turns each right-to-left run round as one piece, so an
 * Arabic name of two words, or "<Arabic street>, Perth, 6000", came out with its words and commas
 * in the wrong places for a reader (and for pdftotext, search and copy-paste). The Unicode
 * Bidirectional Algorithm (bidi-js) orders the line's characters visually, on a left-to-right
 * page (an English invoice); each right-to-left word is then drawn as a piece of its own, in its
 * logical order, so fontkit still joins its letters and turns only that word round.
 */
const bidi = bidiFactory();

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** Whether a text holds right-to-left letters (Hebrew, Arabic): only those need the bidi step. */
export const hasRightToLeft = (text: string): boolean => RTL_CHAR.test(text);

type Piece = { rtl: boolean; space: boolean; at: number[] };

/**
 * The text of one line cut into pieces in visual order, left to right, each piece's characters in
 * logical order: left-to-right stretches whole, each right-to-left word (and each space between
 * them) on its own, its mirrored brackets swapped.
 */
export function visualPiecesOf(text: string): { rtl: boolean; text: string }[] {
  if (!hasRightToLeft(text)) return [{ rtl: false, text }];
  const levels = bidi.getEmbeddingLevels(text, 'ltr');
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const pieces: Piece[] = [];
  for (const i of bidi.getReorderedIndices(text, levels)) {
    const rtl = levels.levels[i]! % 2 === 1;
    const space = /\s/u.test(text[i]!);
    const last = pieces.at(-1);
    const prev = last?.at.at(-1);
    const joins =
      last !== undefined &&
      prev !== undefined &&
      last.rtl === rtl &&
      (rtl ? !space && !last.space && i === prev - 1 : i === prev + 1);
    if (joins) last.at.push(i);
    else pieces.push({ rtl, space: rtl && space, at: [i] });
  }
  return pieces.map((piece) => ({
    rtl: piece.rtl,
    text: (piece.rtl ? [...piece.at].reverse() : piece.at).map((i) => mirrored.get(i) ?? text[i]).join(''),
  }));
}
