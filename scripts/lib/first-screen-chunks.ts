import path from 'node:path';
import type { Rolldown } from 'vite';
import { STAFF_APP, TAB_MODULES } from '../../src/server/site/staff-preload';

/** Source size, with its imports, under which a module shared by tabs joins the app's chunk. */
const SMALL_BYTES = 16 * 1024;

/**
 * The icon library's index re-exports every icon. Its importers use a few, which the bundler links
 * to directly, so the walk stops there rather than count all of them as each page's. The icons the
 * public pages use go with them (the bundler places a group's imports with it); the rest, half a
 * kilobyte each, share one chunk rather than one request each.
 */
const BARREL = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

type Group = 'site' | 'shared' | 'staff';
type Graph = Rolldown.ChunkingContext;

/**
 * Groups the browser build's modules into a few chunks by the first screen that needs them
 * (docs/decisions/388-first-screen-chunks.md), instead of one small chunk for each set of
 * importers: a dashboard page asked for 20-33 files, each a request and a task on a phone's main
 * thread. Anything not needed by a first screen (dialogs, forms' rules, charts) keeps its own chunk.
 * - `site`: what every page runs (React, the public pages), except the entry itself;
 * - `shared`: what the staff app shares with the public pages opened later (checkout, pay, manage,
 *   the booking dialog);
 * - `staff`: the rest of the staff app, and what two or more dashboard tabs use when it is small.
 * Each tab's own code stays in its tab's chunk. The groups are worked out once, from the module
 * graph, when the bundler first asks.
 */
export function firstScreenChunks(root: string): Rolldown.CodeSplittingGroup[] {
  const abs = (file: string) => path.resolve(root, file);
  const entry = abs('src/web/entry-client.tsx');
  const publicDir = abs('src/web/public') + path.sep;
  const staffApp = abs(STAFF_APP);
  const tabs = Object.values(TAB_MODULES).map((modules) => modules.map(abs));
  let groupOf: Map<string, Group> | undefined;

  const classify = (graph: Graph) => {
    // Every module `from` imports, directly or not; and through `follow`'s dynamic imports too.
    const reach = (from: string, follow: (target: string) => boolean = () => false) => {
      const seen = new Set<string>();
      const stack = [from];
      while (stack.length) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        if (BARREL.test(id)) continue;
        const info = graph.getModuleInfo(id);
        stack.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []).filter(follow));
      }
      return seen;
    };
    const site = reach(entry);
    // The public pages and those opened later from them (checkout, pay, manage, the booking dialog).
    const publicLater = reach(entry, (target) => target.startsWith(publicDir));
    const app = reach(staffApp);
    const tabUses = new Map<string, number>();
    for (const modules of tabs)
      for (const id of new Set(modules.flatMap((m) => [...reach(m)]))) tabUses.set(id, (tabUses.get(id) ?? 0) + 1);

    // A module two tabs share rides with the app when it is small with what it imports (icons, a
    // field, a badge); a large one (the form library) keeps its own chunk for the tabs that use it.
    const extraBytes = (id: string) =>
      [...reach(id)].reduce(
        (sum, m) => (site.has(m) || app.has(m) ? sum : sum + (graph.getModuleInfo(m)?.code?.length ?? 0)),
        0,
      );
    const groups = new Map<string, Group>();
    for (const id of site) if (id !== entry) groups.set(id, 'site');
    for (const id of new Set([...app, ...tabUses.keys()])) {
      if (groups.has(id)) continue;
      if (!app.has(id) && ((tabUses.get(id) ?? 0) < 2 || extraBytes(id) > SMALL_BYTES)) continue;
      groups.set(id, publicLater.has(id) ? 'shared' : 'staff');
    }
    return groups;
  };

  // Placed in this order (highest priority first): the bundler puts a group's imports with it
  // unless an earlier group holds them, so React stays in `site` when `staff` imports it.
  const order: Group[] = ['site', 'shared', 'staff'];
  return order.map((group, i) => ({
    name: (id: string, ctx: Graph) =>
      ((groupOf ??= classify(ctx)).get(id) ?? (ICON.test(id) ? 'shared' : null)) === group ? group : null,
    priority: order.length - i,
    // The group's name for the bundler's timing report (it asks for one when `name` is a function).
    debugName: group,
  }));
}
