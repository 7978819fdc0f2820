import type { AuditEntry } from '../../../shared/schemas/audit';
import { perthDateTime } from '../../../shared/domain/perth-time';

const KIND_LABELS: Record<string, string> = {
  job: 'Job',
  invoice: 'Invoice',
  setting: 'Setting',
  user: 'User',
  bill: 'Supplier bill',
  expense: 'Expense',
  refund: 'Refund',
  slot: 'Time slot',
  'sign-in': 'Sign-in',
  mfa: 'Two-factor sign-in',
  password: 'Password',
  session: 'Signed-in device',
};

/** A kind as people read it: "Supplier bill" for `bill`; a kind added later reads as its own words. */
export function kindLabel(kind: string): string {
  const label = KIND_LABELS[kind] ?? kind.replace(/-/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** An action as people read it: `wrong-code` reads "wrong code", `roster-changed` "roster changed". */
const actionLabel = (action: string) => action.replace(/-/g, ' ');

/** One row as a sentence: "changed: Total 440.00 -> 480.00", "price: 101.50 -> 120.00", "deactivated". */
export function describeAuditEntry(e: AuditEntry): string {
  const field = e.field ? `${e.field} ` : '';
  const action = actionLabel(e.action);
  if (e.from === null && e.to === null) return e.field ? `${action}: ${e.field}` : action;
  if (e.from === null) return `${action}: ${field}${e.to}`;
  if (e.to === null) return `${action}: ${field}was ${e.from}`;
  return `${action}: ${field}${e.from} -> ${e.to}`;
}

const who = (e: AuditEntry) => e.actor ?? 'System';
const what = (e: AuditEntry) => e.label ?? e.subject ?? '';

/** The log on a phone: one card per row, the change first, then what, who, when and where from. */
export function AuditCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol aria-label="Audit log entries" className="divide-y divide-gray-100 rounded-lg border border-gray-200">
      {entries.map((e) => (
        <li key={e.id} className="space-y-1 p-3">
          <p className="text-sm font-semibold text-gray-700">
            {kindLabel(e.kind)}
            {what(e) ? ` · ${what(e)}` : ''}
          </p>
          <p className="break-words font-medium">{describeAuditEntry(e)}</p>
          {e.note ? <p className="break-words text-sm text-gray-700">{e.note}</p> : null}
          <p className="break-words text-sm text-gray-700">
            <time dateTime={e.at}>{perthDateTime(e.at)}</time> · {who(e)}
            {e.address ? ` · ${e.address}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The log on a wide screen: a table. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Audit log entries</caption>
      <thead className="border-b border-gray-200 text-sm text-gray-700">
        <tr>
          <th scope="col" className="py-2 pr-4 font-semibold">
            When
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Who
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Address
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            What
          </th>
          <th scope="col" className="py-2 font-semibold">
            Change
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100 align-top">
        {entries.map((e) => (
          <tr key={e.id}>
            <td className="py-2 pr-4 whitespace-nowrap">
              <time dateTime={e.at}>{perthDateTime(e.at)}</time>
            </td>
            <td className="py-2 pr-4">{who(e)}</td>
            <td className="py-2 pr-4 break-all">{e.address ?? ''}</td>
            <td className="py-2 pr-4">
              <span className="block text-sm text-gray-700">{kindLabel(e.kind)}</span>
              {what(e)}
            </td>
            <td className="py-2 break-words">
              {describeAuditEntry(e)}
              {e.note ? <span className="block text-sm text-gray-700">{e.note}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
