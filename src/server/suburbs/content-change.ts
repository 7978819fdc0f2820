/** How much of the changed passage a history line keeps on each side. */
const SHOWN = 120;
/** How much unchanged text is kept before the change, so the line says where it is. */
const LEAD = 30;

/**
 * A content edit as a history line shows it (docs/decisions/284-suburb-pages-from-the-dashboard.md):
 * not two copies of the whole page, but the passage that differs, from where the texts part to
 * where they meet again, cut to a readable length.
 */
export function contentChange(before: string, after: string): { from: string; to: string } {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  const from = Math.max(0, start - LEAD);
  const cut = (text: string) => {
    const middle = text.slice(from, text.length - end);
    const shown = middle.length > SHOWN ? `${middle.slice(0, SHOWN).trimEnd()}...` : middle;
    return `${from > 0 ? '...' : ''}${shown}${end > 0 && middle.length <= SHOWN ? '...' : ''}`;
  };
  return { from: cut(before), to: cut(after) };
}
