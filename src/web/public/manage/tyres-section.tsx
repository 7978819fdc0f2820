import { useQuery } from '@tanstack/react-query';
import { TYRE_POSITION_LABELS } from '../../../shared/domain/fitted-tyres';
import { formatDayLong } from '../../../shared/domain/perth-time';
import { api } from '../../lib/api';

/**
 * The tyres fitted on the customer's car and when each warranty ends (docs/decisions/415-warranty-register.md).
 * Nothing is shown until a tyre has been recorded.
 */
export function TyresSection({ token }: { token: string }) {
  const tyres = useQuery({ ...api.tyres.manageTyres.query({ params: { token } }), retry: false });
  if (!tyres.data || tyres.data.length === 0) return null;
  return (
    <section aria-labelledby="your-tyres" className="space-y-2 rounded-xl border border-gray-200 p-4">
      <h2 id="your-tyres" className="text-lg font-bold">
        Your tyres
      </h2>
      <ul className="divide-y divide-gray-200">
        {tyres.data.map((t) => (
          <li key={`${t.fittedOn}-${t.position}`} className="py-2">
            <p className="font-semibold">
              {TYRE_POSITION_LABELS[t.position]}: {t.size} {t.brand}
              {t.model ? ` ${t.model}` : ''}
            </p>
            <p className="text-sm text-gray-800">
              Fitted {formatDayLong(t.fittedOn)}.{' '}
              {t.isUnderWarranty
                ? `Under warranty until ${formatDayLong(t.warrantyEndsOn)}.`
                : `Warranty ended ${formatDayLong(t.warrantyEndsOn)}.`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
