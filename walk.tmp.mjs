import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const ctx = await b.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Australia/Perth' });
const p = await ctx.newPage();
const errs = []; p.on('pageerror', e => errs.push(e.message)); p.on('console', m => m.type()==='error' && errs.push(m.text()));
await p.goto('http://localhost:5077/');
await p.getByRole('button', { name: 'Book Service Now' }).first().click();
await p.waitForTimeout(1500);
await p.screenshot({ path: '/tmp/w1.png' });
// pick a date: next weekday 3 days out
const d = new Date(Date.now() + 3*86400000); while ([0,6].includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate()+1);
const iso = d.toISOString().slice(0,10);
const date = p.getByLabel(/date/i).first(); await date.fill(iso); await p.waitForTimeout(1000);
await p.screenshot({ path: '/tmp/w2.png' });
console.log(errs);
await b.close();
