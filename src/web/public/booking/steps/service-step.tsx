import { useRef } from 'react';
import { BatteryCharging, CircleDot, Wrench, type LucideIcon } from 'lucide-react';
import { formatDollars } from '../../../../shared/domain/money';
import type { ServiceType } from '../../../../shared/domain/services';
import type { Fees } from '../../../../shared/domain/settings';
import { cn } from '../../../components/ui/cn';
import { useBookingForm } from '../form-types';

/** The puncture price is the owner's callout plus repair fee (docs/decisions/280-owner-settings-in-the-database.md). */
const optionsOf = (fees: Fees): { value: ServiceType; label: string; blurb: string; icon: LucideIcon }[] => [
  { value: 'new-tyres', label: 'New Tyres', blurb: 'Supplied, fitted and balanced at your place', icon: CircleDot },
  {
    value: 'puncture-repair',
    label: 'Puncture Repair',
    blurb: `Repair on the spot, ${formatDollars(fees.callout + fees.punctureRepair)} including callout`,
    icon: Wrench,
  },
  {
    value: 'battery-service',
    label: 'Battery Service',
    blurb: 'Testing and replacement, quoted on site',
    icon: BatteryCharging,
  },
];

/**
 * Step 2: the service (emergency callout is not offered to the public). Tapping a card chooses it
 * and moves on, as a free window does on step 1; Enter or Space on a card does the same, while the
 * arrow keys only move the choice (docs/decisions/373-a-service-card-moves-on.md).
 */
export function ServiceStep({ fees, onServiceChosen }: { fees: Fees; onServiceChosen: () => void }) {
  const { register, watch, setValue, formState } = useBookingForm();
  const chosen = watch('serviceType');
  const arrowKeyDown = useRef(false);
  const choose = (value: ServiceType) => {
    setValue('serviceType', value, { shouldDirty: true });
    onServiceChosen();
  };
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Which service do you need?</legend>
      <div className="space-y-2">
        {optionsOf(fees).map(({ value, label, blurb, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex min-h-16 cursor-pointer items-center gap-3 rounded-xl border-2 p-3 transition-colors ',
              chosen === value ? 'border-charcoal bg-amber-50' : 'border-gray-300 hover:border-charcoal',
            )}
          >
            <input
              type="radio"
              value={value}
              {...register('serviceType')}
              // The arrow keys move the choice with a click of the browser's own, which only chooses.
              onClick={() => {
                if (!arrowKeyDown.current) choose(value);
              }}
              onKeyDown={(event) => {
                if (event.key.startsWith('Arrow')) arrowKeyDown.current = true;
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                choose(value);
              }}
              onKeyUp={() => {
                arrowKeyDown.current = false;
              }}
              className="h-5 w-5 shrink-0 accent-charcoal"
            />
            <Icon aria-hidden className="h-7 w-7 shrink-0" />
            <span>
              <span className="block font-semibold">{label}</span>
              <span className="block text-sm text-gray-700">{blurb}</span>
            </span>
          </label>
        ))}
      </div>
      {formState.errors.serviceType ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {formState.errors.serviceType.message}
        </p>
      ) : null}
    </fieldset>
  );
}
