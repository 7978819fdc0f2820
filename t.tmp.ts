import { openPglite } from '/work/main/src/server/db/client';
import { PGlite } from '@electric-sql/pglite';
let t = Date.now();
const d = await openPglite(undefined); console.log('open', Date.now()-t); t=Date.now();
await d.migrate(); console.log('migrate', Date.now()-t); t=Date.now();
const c = (d as any).db.$client as PGlite;
const dump = await c.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size); t=Date.now();
const c2 = new PGlite({ loadDataDir: dump }); await c2.waitReady; console.log('load', Date.now()-t);
