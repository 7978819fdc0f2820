import type { buildOpenApiDocument } from './openapi';

type Doc = ReturnType<typeof buildOpenApiDocument>;
type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
const json = (v: unknown) => escapeHtml(JSON.stringify(v, null, 2));

/** The OpenAPI document as a plain, readable page: one section per area, one block per operation. */
export function renderReferencePage(doc: Doc): string {
  const byArea = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Operation;
      const area = op.tags[0] ?? 'other';
      const details = [
        op.parameters.length ? `<details><summary>Parameters</summary><pre>${json(op.parameters)}</pre></details>` : '',
        op.requestBody ? `<details><summary>Request body</summary><pre>${json(op.requestBody)}</pre></details>` : '',
        `<details><summary>Responses</summary><pre>${json(op.responses)}</pre></details>`,
      ].join('');
      const block = `<section class="op" id="${escapeHtml(op.operationId)}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3><p>${escapeHtml(op.summary)}</p><p class="who">${escapeHtml(op.description)}</p>${details}</section>`;
      byArea.set(area, [...(byArea.get(area) ?? []), block]);
    }
  }
  const areas = [...byArea.entries()];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(doc.info.title)} — API reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1f2328}h1{font-size:1.5rem}h2{margin-top:2rem;border-bottom:1px solid #d0d7de;text-transform:capitalize}.op{border:1px solid #d0d7de;border-radius:8px;padding:.5rem 1rem;margin:.75rem 0}.op h3{font-size:1rem;margin:.25rem 0;word-break:break-all}.method{display:inline-block;min-width:4rem;font-weight:700}.who{color:#57606a;font-size:.9rem}pre{overflow:auto;background:#f6f8fa;padding:.5rem;font-size:.8rem}summary{cursor:pointer;min-height:44px;display:flex;align-items:center}nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}nav a{text-transform:capitalize;min-height:44px;display:inline-flex;align-items:center}</style></head>
<body><h1>${escapeHtml(doc.info.title)} — API reference</h1><p>${escapeHtml(doc.info.description)} The same description as <a href="/api/admin/openapi.json">OpenAPI 3.1 JSON</a>.</p>
<nav>${areas.map(([a]) => `<a href="#area-${escapeHtml(a)}">${escapeHtml(a)}</a>`).join('')}</nav>
${areas.map(([a, blocks]) => `<h2 id="area-${escapeHtml(a)}">${escapeHtml(a)}</h2>${blocks.join('')}`).join('\n')}
</body></html>`;
}
