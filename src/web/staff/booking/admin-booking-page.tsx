import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { findSuburbByName, SERVICE_AREA } from '../../../shared/reference/service-area';
import { formatDollars } from '../../../shared/domain/money';
import { adminEstimate } from '../../../shared/domain/pricing';
import { DEFAULT_FEES, type Fees } from '../../../shared/domain/settings';
import { feesFromView } from '../../../shared/schemas/settings';
import { SERVICE_LABELS, SERVICE_TYPES } from '../../../shared/domain/services';
import { compareDays, isIsoDay } from '../../../shared/domain/perth-time';
import {
  isWithinSchedulingHorizon,
  SCHEDULING_HORIZON_MESSAGE,
  schedulingHorizonEnd,
  slotWindowLabel,
  TIME_SLOTS,
} from '../../../shared/domain/slots';
import { formatTyreSize } from '../../../shared/domain/tyre-size';
import { adminBookingForm, type AdminBookingForm, type AdminBookingFormInput } from '../../../shared/schemas/booking';
import { Button } from '../../components/ui/button';
import { SelectField, TextareaField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { readPageData } from '../../lib/page-data';
import { useApiMutation } from '../../lib/refresh';
import { AddressInput } from '../../public/booking/address-input';
import { lookupTyrePrice } from '../../public/booking/booking-api';
import { useCurrentUser } from '../session';
import { toStaffBookingRequest } from './staff-booking-request';
import { tyreSizeInputProps } from '../../lib/tyre-size-input';
import { usePerthToday } from '../use-perth-today';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/**
 * The fees the estimate is made from: an admin reads them from the server, so a fee changed in
 * Settings a moment ago is used at once (the estimate is stored as the job's price); a technician's
 * estimate is the server's own (decision 162), so the page's copy serves.
 */
function useBookingFees(): Fees {
  const user = useCurrentUser().data;
  const stored = useQuery({ ...api.settings.fees.query(), enabled: user?.role === 'admin' });
  if (stored.data) return feesFromView(stored.data);
  try {
    return readPageData().business.fees;
  } catch {
    return DEFAULT_FEES;
  }
}

function googleKey(): string | null {
  try {
    return readPageData().business.googleMapsApiKey;
  } catch {
    return null;
  }
}

/** Admin New Booking (docs/product.md "Bookings"; its messages under "Messages the UI shows"). */
export default function AdminBookingPage() {
  const [, navigate] = useLocation();
  const today = usePerthToday();
  const form = useForm<AdminBookingFormInput, unknown, AdminBookingForm>({
    resolver: zodResolver(adminBookingForm),
    defaultValues: {
      date: '',
      timeSlot: '',
      serviceType: 'new-tyres',
      customerName: '',
      customerPhone: '',
      customerEmail: '',
      make: '',
      model: '',
      year: '',
      color: '',
      registration: '',
      address: '',
      suburb: '',
      postcode: '',
      paymentMethod: 'onsite',
      tyreWidth: '',
      aspectRatio: '',
      rimSize: '',
      quantity: 4,
      tyreBrand: '',
      notes: '',
    },
  });
  const { register, watch, setValue, setError, formState, control } = form;
  const errors = formState.errors;
  const [date = '', serviceType, width = '', profile = '', rim = '', quantityValue] = watch([
    'date',
    'serviceType',
    'tyreWidth',
    'aspectRatio',
    'rimSize',
    'quantity',
  ]);
  // Staff schedule at most 12 months ahead (decision 256): say so at the date, not as four unavailable slots.
  const isTooFar = isIsoDay(date) && !isWithinSchedulingHorizon(date, today);
  const dateChosen = isIsoDay(date) && !isTooFar;
  const isTyres = serviceType === 'new-tyres';
  const size = isTyres ? formatTyreSize(width, profile, rim) : null;
  const quantity = [1, 2, 3, 4].includes(Number(quantityValue)) ? Number(quantityValue) : 4;

  const slots = useQuery({ ...api.slots.availability.query({ query: { date } }), enabled: dateChosen });
  const tyrePrice = useQuery({
    queryKey: api.pricing.tyrePrice.key({ params: { size: size ?? '' } }),
    queryFn: () => lookupTyrePrice(size!),
    enabled: !!size,
  });

  // A failed or callback-required tyre lookup gives an estimate of 0.
  const unitCents = tyrePrice.data?.kind === 'priced' ? tyrePrice.data.unitCents : null;
  const fees = useBookingFees();
  const estimateCents = serviceType ? adminEstimate({ serviceType, quantity, tyreUnitPriceCents: unitCents }, fees) : 0;

  // The staff booking's own contract (decision 276); the jobs, calendars and slot lists it affects are read again.
  const create = useApiMutation(api.staffBookings.create, {
    input: (values: AdminBookingForm) => ({ body: toStaffBookingRequest(values, estimateCents) }),
    onSuccess: (res) => {
      toast({ title: 'Booking Created', description: `Booking ${res.jobNumber} has been created successfully.` });
      navigate('/dashboard');
    },
    onError: (err) => {
      void slots.refetch();
      toast({
        title: 'Booking Failed',
        description: errorMessage(err, 'Failed to create booking. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    if (compareDays(values.date.slice(0, 10), today) < 0) {
      setError('date', { message: 'Date cannot be earlier than today' }, { shouldFocus: true });
      return;
    }
    create.mutate(values);
  });

  const dateField = register('date');
  const suburbField = register('suburb');
  const registrationField = register('registration');

  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">New Booking</h1>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
        <Section title="Date & Time">
          <TextField
            label="Date"
            type="date"
            min={today}
            max={schedulingHorizonEnd(today)}
            {...dateField}
            onChange={(e) => {
              void dateField.onChange(e);
              setValue('timeSlot', '');
            }}
            error={errors.date?.message ?? (isTooFar ? SCHEDULING_HORIZON_MESSAGE : undefined)}
          />
          <SelectField
            label="Time slot"
            disabled={!dateChosen}
            {...register('timeSlot')}
            error={errors.timeSlot?.message}
          >
            <option value="">
              {!dateChosen ? 'Choose a date first' : slots.isPending ? 'Loading...' : 'Select a time slot'}
            </option>
            {TIME_SLOTS.map((slot) => {
              const item = slots.data?.find((s) => s.slot === slot);
              const unavailable = slots.isError || (item ? !item.isAvailable : false);
              return (
                <option key={slot} value={slot} disabled={unavailable || !slots.data}>
                  {slotWindowLabel(slot)}
                  {unavailable ? ' (Unavailable)' : ''}
                </option>
              );
            })}
          </SelectField>
          {slots.isError ? (
            <p className="text-sm font-medium text-red-700 sm:col-span-2">Failed to fetch time slots</p>
          ) : null}
        </Section>

        <Section title="Service Details">
          <SelectField label="Service type" {...register('serviceType')} error={errors.serviceType?.message}>
            {SERVICE_TYPES.map((s) => (
              <option key={s} value={s}>
                {SERVICE_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <div className="flex flex-col justify-end rounded-lg bg-gray-50 p-3" aria-live="polite">
            <span className="text-sm text-gray-700">Estimated price</span>
            <span className="text-xl font-bold tabular-nums" data-testid="admin-estimate">
              {formatDollars(estimateCents)}
            </span>
            {isTyres && tyrePrice.data?.kind === 'callback' ? (
              <span className="text-sm">{tyrePrice.data.message}</span>
            ) : null}
          </div>
          {isTyres ? (
            <fieldset className="space-y-3 sm:col-span-2">
              <legend className="font-semibold">Tyre Specifications</legend>
              <div className="grid grid-cols-3 gap-2">
                <TextField
                  label="Width"
                  placeholder="205"
                  {...tyreSizeInputProps('tyreWidth', register('tyreWidth'))}
                  error={errors.tyreWidth?.message}
                />
                <TextField
                  label="Profile"
                  placeholder="55"
                  {...tyreSizeInputProps('aspectRatio', register('aspectRatio'))}
                  error={errors.aspectRatio?.message}
                />
                <TextField
                  label="Rim"
                  placeholder="16"
                  {...tyreSizeInputProps('rimSize', register('rimSize'))}
                  error={errors.rimSize?.message}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  label="Quantity"
                  {...register('quantity', { setValueAs: (v) => Number(v) })}
                  error={errors.quantity?.message}
                >
                  {[1, 2, 3, 4].map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </SelectField>
                <TextField label="Tyre brand (optional)" {...register('tyreBrand')} error={errors.tyreBrand?.message} />
              </div>
            </fieldset>
          ) : null}
        </Section>

        <Section title="Customer Details">
          <TextField
            label="Customer name"
            autoComplete="off"
            {...register('customerName')}
            error={errors.customerName?.message}
          />
          <TextField label="Phone" type="tel" {...register('customerPhone')} error={errors.customerPhone?.message} />
          <div className="sm:col-span-2">
            <TextField
              label="Email"
              type="email"
              {...register('customerEmail')}
              error={errors.customerEmail?.message}
            />
          </div>
        </Section>

        <Section title="Vehicle Details">
          <TextField label="Make" {...register('make')} error={errors.make?.message} />
          <TextField label="Model" {...register('model')} error={errors.model?.message} />
          <TextField
            label="Year"
            inputMode="numeric"
            maxLength={4}
            {...register('year')}
            error={errors.year?.message}
          />
          <TextField label="Colour" {...register('color')} error={errors.color?.message} />
          <TextField
            label="Registration"
            autoCapitalize="characters"
            {...registrationField}
            onChange={(e) => {
              e.target.value = e.target.value.toUpperCase();
              void registrationField.onChange(e);
            }}
            error={errors.registration?.message}
          />
        </Section>

        <Section title="Service Location">
          <div className="sm:col-span-2">
            <Controller
              control={control}
              name="address"
              render={({ field, fieldState }) => (
                <AddressInput
                  label="Address"
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  googleMapsApiKey={googleKey()}
                  error={fieldState.error?.message}
                  onSelect={(a) => {
                    field.onChange(a.streetAddress);
                    if (a.suburb) setValue('suburb', a.suburb, { shouldValidate: true });
                    if (a.postcode) setValue('postcode', a.postcode, { shouldValidate: true });
                  }}
                />
              )}
            />
          </div>
          <TextField
            label="Suburb"
            list="admin-service-suburbs"
            {...suburbField}
            onChange={(e) => {
              void suburbField.onChange(e);
              const match = findSuburbByName(e.target.value);
              if (match) setValue('postcode', match.postcode);
            }}
            error={errors.suburb?.message}
          />
          <TextField
            label="Postcode"
            inputMode="numeric"
            maxLength={4}
            {...register('postcode')}
            error={errors.postcode?.message}
          />
          <SuburbList />
        </Section>

        <Section title="Payment & Notes">
          <SelectField label="Payment method" {...register('paymentMethod')} error={errors.paymentMethod?.message}>
            <option value="onsite">Cash on Delivery</option>
            <option value="prepaid">Online</option>
          </SelectField>
          <div className="sm:col-span-2">
            <TextareaField label="Notes (optional)" {...register('notes')} error={errors.notes?.message} />
          </div>
        </Section>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link
            href="/dashboard"
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 font-semibold hover:bg-gray-50"
          >
            Cancel
          </Link>
          <Button type="submit" disabled={!dateChosen || create.isPending}>
            {create.isPending ? 'Creating Booking...' : 'Create Booking'}
          </Button>
        </div>
      </form>
    </main>
  );
}

function SuburbList() {
  return (
    <datalist id="admin-service-suburbs">
      {SERVICE_AREA.map((s) => (
        <option key={s.name} value={s.name}>
          {s.postcode}
        </option>
      ))}
    </datalist>
  );
}
