import { chromium } from 'playwright-core';
const [,, url, out, w = '390', h = '844', full = 'true'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const p = await (await b.newContext({ viewport: { width: +w, height: +h } })).newPage();
await p.goto(url); await p.waitForTimeout(800);
await p.screenshot({ path: out, fullPage: full === 'true' });
await b.close();
