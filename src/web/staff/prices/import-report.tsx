import type { ImportResult } from '../../../shared/schemas/tyre-prices';

const KIND_LABEL = { added: 'Added', changed: 'Changed', deactivated: 'Deactivated' } as const;

/** What a supplier file does (decision 282): the counts, each change old -> new, and every refused line. */
export function ImportReport({ report }: { report: ImportResult }) {
  const { summary } = report;
  return (
    <section aria-labelledby="import-report-heading" className="space-y-3">
      <h3 id="import-report-heading" className="font-semibold">
        {report.applied ? 'Imported' : 'Dry run: nothing has changed yet'}
      </h3>
      <dl aria-label="Import summary" className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        {(['added', 'changed', 'unchanged', 'refused'] as const).map((key) => (
          <div key={key} className="rounded-lg bg-gray-50 p-2">
            <dt className="text-sm capitalize text-gray-700">{key}</dt>
            <dd className="text-xl font-bold tabular-nums">{summary[key]}</dd>
          </div>
        ))}
      </dl>
      {report.errors.length ? (
        <div className="space-y-1">
          <h4 className="font-semibold text-red-800">Refused lines</h4>
          {/* A list that scrolls on its own takes keyboard focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable). */}
          <ul
            aria-label="Refused lines"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="max-h-48 space-y-1 overflow-y-auto text-sm text-red-800"
          >
            {report.errors.map((e, i) => (
              <li key={`${e.line}-${e.column}-${i}`}>{e.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.changes.length ? (
        <div className="space-y-1">
          <h4 className="font-semibold">Changes</h4>
          {/* A list that scrolls on its own takes keyboard focus, so it can be scrolled without a mouse (axe: scrollable-region-focusable). */}
          <ul
            aria-label="Changes"
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="max-h-60 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200 text-sm"
          >
            {report.changes.map((c, i) => (
              <li key={`${c.id ?? c.label}-${i}`} className="px-3 py-2">
                <span className="font-semibold">{KIND_LABEL[c.kind]}</span>: {c.label}
                {c.line !== null ? <span className="text-gray-700"> (line {c.line})</span> : null}
                <ul className="text-gray-800">
                  {c.fields.map((f) => (
                    <li key={f.field}>
                      {f.field}: {f.from === null ? f.to : `${f.from} -> ${f.to}`}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
