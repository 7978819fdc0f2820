import type { SettingChangeView } from '../../../shared/schemas/settings';
import { perthDateTime } from '../../../shared/domain/perth-time';

/** One line of the settings history as people read it: "Puncture repair: 40.00 -> 45.00". */
export function describeChange(change: SettingChangeView): string {
  const what = change.field ?? change.kind.replace(/-/g, ' ');
  if (change.from === null && change.to === null) return change.note ? `${what}: ${change.note}` : what;
  return `${what}: ${change.from ?? '(none)'} -> ${change.to ?? '(none)'}`;
}

/** A list of setting changes, newest first, with who and when (docs/decisions/280-owner-settings-in-the-database.md). */
export function SettingChangeList({
  changes,
  showSubject = false,
}: {
  changes: SettingChangeView[];
  showSubject?: boolean;
}) {
  return (
    <ol className="divide-y divide-gray-100 rounded-lg border border-gray-200">
      {changes.map((change) => (
        <li key={change.id} className="p-3">
          {showSubject ? <p className="text-sm font-semibold text-gray-700">{change.label}</p> : null}
          <p className="break-words font-medium">{describeChange(change)}</p>
          <p className="text-sm text-gray-700">
            <time dateTime={change.at}>{perthDateTime(change.at)}</time> · {change.actor ?? 'System'}
          </p>
        </li>
      ))}
    </ol>
  );
}
