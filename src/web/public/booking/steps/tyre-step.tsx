import * as Popover from '@radix-ui/react-popover';
import { HelpCircle } from 'lucide-react';
import { useEffect, type ChangeEvent } from 'react';
import { formatDollars } from '../../../../shared/domain/money';
import type { Quote } from '../../../../shared/domain/pricing';
import { formatTyreSize, TYRE_SIZE_DIGITS } from '../../../../shared/domain/tyre-size';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import type { TyrePriceResult } from '../booking-api';
import { useBookingForm } from '../form-types';
import { PhotoArea } from '../photo-area';
import { MAX_UNKNOWN_SIZE_PHOTOS } from '../photo-rules';
import type { usePhotos } from '../use-photos';
import { tyreSizeInputProps } from '../../../lib/tyre-size-input';

type Props = {
  photos: ReturnType<typeof usePhotos>;
  price: { result: TyrePriceResult | undefined; isLoading: boolean };
  /** The price of the tyres chosen, paying on site; null until a service is chosen. */
  quote: Quote | null;
  /** Tyres nobody holds are ordered, and when the earliest visit is (decision 423); null when in stock. */
  orderedNote?: string | null;
};

function SizeHelp() {
  return (
    <Popover.Root>
      <Popover.Trigger className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-charcoal underline underline-offset-2">
        <HelpCircle aria-hidden className="h-4 w-4" /> Where do I find my tyre size?
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          collisionPadding={12}
          className="z-[60] max-w-xs rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-xl"
        >
          <p className="font-semibold">Look on the side of your tyre</p>
          <p className="mt-1">
            The size is printed on the tyre&apos;s sidewall, like <strong>205/55R16</strong>: 205 is the width, 55 the
            profile and 16 the rim size.
          </p>
          <p className="mt-2">
            It is also on the tyre placard inside the driver&apos;s door frame, and in your owner&apos;s manual.
          </p>
          <Popover.Close className="mt-3 min-h-11 rounded-lg border border-gray-300 px-3 font-medium">
            Got it
          </Popover.Close>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Step 3, new tyres only (docs/product.md "Bookings"). */
export function TyreStep({ photos, price, quote, orderedNote = null }: Props) {
  const { register, watch, setValue, setFocus, clearErrors, formState } = useBookingForm();
  const [width = '', profile = '', rim = '', dontKnow, quantityValue] = watch([
    'tyreWidth',
    'aspectRatio',
    'rimSize',
    'dontKnowSize',
    'quantity',
  ]);
  const quantity = Number(quantityValue) || 1;
  const size = formatTyreSize(width, profile, rim);
  useEffect(() => {
    if (size || dontKnow) clearErrors('tyreWidth');
  }, [size, dontKnow, clearErrors]);

  const quantityField = register('quantity', { setValueAs: (v) => Number(v) });
  // The size is typed as printed on the tyre ("205 55 16"): a full part moves on to the next one (decision 355).
  const sizePart = (part: 'tyreWidth' | 'aspectRatio', then: 'aspectRatio' | 'rimSize') => {
    const props = tyreSizeInputProps(part, register(part));
    return {
      ...props,
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const stored = props.onChange(e); // keeps only the digits, at once
        // At once too: the next digit typed already belongs to the next part.
        if (e.target.value.length === TYRE_SIZE_DIGITS[part]) setFocus(then);
        return stored;
      },
    };
  };

  return (
    <div className="space-y-4">
      {!dontKnow ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Tyre size</legend>
          <div className="grid grid-cols-3 gap-2">
            <TextField label="Width" placeholder="e.g. 205" required {...sizePart('tyreWidth', 'aspectRatio')} />
            <TextField label="Profile" placeholder="e.g. 55" required {...sizePart('aspectRatio', 'rimSize')} />
            <TextField
              label="Rim"
              placeholder="e.g. 16"
              required
              {...tyreSizeInputProps('rimSize', register('rimSize'))}
            />
          </div>
          <p aria-live="polite" className="text-lg font-bold tabular-nums">
            Size:{' '}
            <span data-testid="tyre-size-preview">{size ?? `${width || '___'}/${profile || '__'}R${rim || '__'}`}</span>
          </p>
          {formState.errors.tyreWidth ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {formState.errors.tyreWidth.message}
            </p>
          ) : null}
          <SizeHelp />
          {size ? (
            <div aria-live="polite" className="text-sm">
              {price.isLoading ? <Spinner label="Checking the price..." /> : null}
              {price.result?.kind === 'priced' ? (
                <p className="font-medium">
                  {formatDollars(price.result.unitCents)} per tyre, plus fitting and balancing
                </p>
              ) : null}
              {price.result?.kind === 'priced' && quote && !quote.callbackRequired ? (
                <p className="mt-1 text-base font-bold" data-testid="tyres-total">
                  Total for {quantity} {quantity === 1 ? 'tyre' : 'tyres'}, fitted and balanced:{' '}
                  {formatDollars(quote.totalCents)}
                </p>
              ) : null}
              {orderedNote ? (
                <p className="mt-2 rounded-lg bg-amber-50 p-2 font-medium" data-testid="tyres-ordered">
                  {orderedNote}
                </p>
              ) : null}
              {price.result?.kind === 'callback' ? (
                <p className="rounded-lg bg-amber-50 p-2">
                  {price.result.label ? <strong>{price.result.label}: </strong> : null}
                  {price.result.message}
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}

      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" {...register('dontKnowSize')} className="h-5 w-5 accent-charcoal" />
        <span className="font-medium">I don&apos;t know my tyre size</span>
      </label>
      {dontKnow ? (
        <div className="space-y-2">
          <p className="text-sm">
            No problem: add up to {MAX_UNKNOWN_SIZE_PHOTOS} photos of your tyre&apos;s sidewall and we&apos;ll work out
            the size and call you with a price.
          </p>
          <PhotoArea photos={photos.photos} max={MAX_UNKNOWN_SIZE_PHOTOS} onAdd={photos.add} onRemove={photos.remove} />
        </div>
      ) : null}

      <SelectField label="Number of tyres" {...quantityField} error={formState.errors.quantity?.message}>
        {[1, 2, 3, 4].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>

      {quantity === 1 ? (
        // Decision 140's recommendation, as a hint on the step rather than a second dialog (decision 355).
        <div role="note" className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm">
          <p>
            We recommend replacing tyres in pairs, or as a set of four: tyres with different tread depths on one axle
            wear unevenly and can make the car pull.
          </p>
          <Button variant="outline" onClick={() => setValue('quantity', 2, { shouldValidate: true })}>
            Make it 2 tyres
          </Button>
        </div>
      ) : null}
    </div>
  );
}
