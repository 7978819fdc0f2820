import type { ChangeEvent } from 'react';
import { Controller } from 'react-hook-form';
import { findSuburbByName, SERVICE_AREA } from '../../../../shared/reference/service-area';
import { TextField } from '../../../components/ui/field';
import { AddressInput } from '../address-input';
import { useBookingForm } from '../form-types';
import { outOfAreaMessage } from '../service-area-check';

const SUBURB_LIST_ID = 'booking-service-suburbs';

/** Step 4: address, suburb (service-area suggestions fill the postcode), vehicle. */
export function LocationStep({ phone, googleMapsApiKey }: { phone: string; googleMapsApiKey: string | null }) {
  const { register, control, setValue, setError, clearErrors, getValues, formState } = useBookingForm();
  const errors = formState.errors;
  const suburbField = register('suburb');
  const registrationField = register('registration');

  const applySuburb = (name: string) => {
    const match = findSuburbByName(name);
    if (match) {
      setValue('postcode', match.postcode, { shouldValidate: formState.isSubmitted || !!errors.postcode });
      clearErrors('suburb');
    }
  };

  return (
    <div className="space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">Where should we come?</legend>
        <Controller
          control={control}
          name="address"
          render={({ field, fieldState }) => (
            <AddressInput
              label="Street address"
              required
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              googleMapsApiKey={googleMapsApiKey}
              error={fieldState.error?.message}
              onSelect={(a) => {
                field.onChange(a.streetAddress);
                if (a.suburb) {
                  setValue('suburb', a.suburb, { shouldValidate: true });
                  const outside = outOfAreaMessage(a.suburb, phone);
                  if (outside) setError('suburb', { message: outside });
                }
                if (a.postcode) setValue('postcode', a.postcode, { shouldValidate: true });
              }}
            />
          )}
        />
        <div className="grid grid-cols-[1fr_7rem] gap-2">
          <TextField
            label="Suburb"
            required
            list={SUBURB_LIST_ID}
            autoComplete="address-level2"
            {...suburbField}
            onChange={(e) => {
              void suburbField.onChange(e);
              applySuburb(e.target.value);
            }}
            onBlur={(e) => {
              void suburbField.onBlur(e);
              // After the tap that moved the focus has landed: the message must not shift the field being tapped (decision 355).
              window.setTimeout(() => {
                const outside = outOfAreaMessage(getValues('suburb') ?? '', phone);
                if (outside) setError('suburb', { message: outside });
              }, 0);
            }}
            error={errors.suburb?.message}
          />
          <TextField
            label="Postcode"
            required
            inputMode="numeric"
            maxLength={4}
            autoComplete="postal-code"
            {...register('postcode')}
            error={errors.postcode?.message}
          />
        </div>
        <datalist id={SUBURB_LIST_ID}>
          {SERVICE_AREA.map((s) => (
            <option key={s.name} value={s.name}>
              {s.postcode}
            </option>
          ))}
        </datalist>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">Your vehicle</legend>
        <div className="grid grid-cols-2 gap-2">
          <TextField
            label="Make"
            required
            placeholder="e.g. Toyota"
            {...register('vehicleMake')}
            error={errors.vehicleMake?.message}
          />
          <TextField
            label="Model"
            required
            placeholder="e.g. Corolla"
            {...register('vehicleModel')}
            error={errors.vehicleModel?.message}
          />
          <TextField
            label="Year"
            required
            inputMode="numeric"
            maxLength={4}
            placeholder="e.g. 2018"
            {...register('vehicleYear')}
            error={errors.vehicleYear?.message}
          />
          <TextField
            label="Registration"
            required
            autoCapitalize="characters"
            autoComplete="off"
            {...registrationField}
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              // Registration is forced to upper case as it is typed.
              e.target.value = e.target.value.toUpperCase();
              void registrationField.onChange(e);
            }}
            error={errors.registration?.message}
          />
        </div>
      </fieldset>
    </div>
  );
}
