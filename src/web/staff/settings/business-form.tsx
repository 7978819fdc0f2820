import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { BUSINESS_LABELS } from '../../../shared/domain/settings';
import type { BusinessForm, BusinessFormValues, BusinessView } from '../../../shared/schemas/settings';
import { Button } from '../../components/ui/button';
import { TextareaField, TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { rulesOnDemand } from '../../lib/resolver-on-demand';
import { RecentChanges } from './recent-changes';

const rules = rulesOnDemand(async () => (await import('../../../shared/schemas/settings')).businessForm);

/** Monday first, as the week reads in Australia; 0 is Sunday. */
const WEEK = [
  [1, 'Mon'],
  [2, 'Tue'],
  [3, 'Wed'],
  [4, 'Thu'],
  [5, 'Fri'],
  [6, 'Sat'],
  [0, 'Sun'],
] as const;

const formOf = (b: BusinessView): BusinessForm => ({ ...b, gstRegisteredFrom: b.gstRegisteredFrom ?? '' });

/**
 * "Business profile" (docs/decisions/291-business-profile-rules.md): what pages, emails and invoices
 * say about the business, checked by the server's own schema.
 */
export function BusinessSection() {
  const business = useQuery(api.settings.business.query());
  return (
    <section
      id="business"
      aria-labelledby="business-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="business-heading" className="text-lg font-bold">
        Business profile
      </h2>
      <p className="mt-1 text-gray-700">Shown on every page, email and invoice from the moment you save.</p>
      {business.isPending ? (
        <SkeletonGroup label="Loading business profile..." className="mt-4 space-y-3">
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </SkeletonGroup>
      ) : business.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(business.error, 'Could not load the business profile.')}
        </p>
      ) : (
        <BusinessFormFields key={JSON.stringify(business.data)} saved={business.data} />
      )}
      <RecentChanges subject="business" section="business" />
    </section>
  );
}

function BusinessFormFields({ saved }: { saved: BusinessView }) {
  const form = useForm<BusinessForm, unknown, BusinessFormValues>({
    resolver: rules.resolver,
    defaultValues: formOf(saved),
  });
  const { errors } = form.formState;
  const registered = useWatch({ control: form.control, name: 'gstRegistered' });
  const save = useApiMutation(api.settings.updateBusiness, {
    input: (body: BusinessFormValues) => ({ body }),
    onSuccess: () => toast({ title: 'Success', description: 'Business profile saved.' }),
    onError: (err) =>
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to save the business profile.'),
        variant: 'destructive',
      }),
  });
  const text = (
    name: 'name' | 'abn' | 'phone' | 'email' | 'bankAccountName' | 'bsb' | 'bankAccountNumber' | 'payId' | 'reviewUrl',
    extra: Record<string, string> = {},
  ) => <TextField label={BUSINESS_LABELS[name]} error={errors[name]?.message} {...extra} {...form.register(name)} />;

  return (
    <form
      noValidate
      onFocus={rules.preload}
      className="mt-4 space-y-5"
      onSubmit={(e) => void form.handleSubmit((values) => save.mutate(values))(e)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', { autoComplete: 'organization' })}
        {text('abn', { inputMode: 'numeric', autoComplete: 'off', placeholder: 'Not set yet' })}
        {text('phone', { type: 'tel', autoComplete: 'tel' })}
        {text('email', { type: 'email', autoComplete: 'email' })}
      </div>
      <TextareaField
        label={BUSINESS_LABELS.postalAddress}
        rows={2}
        error={errors.postalAddress?.message}
        {...form.register('postalAddress')}
      />

      <fieldset className="space-y-3">
        <legend className="font-semibold">GST</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="h-5 w-5"
            defaultChecked={saved.gstRegistered}
            {...form.register('gstRegistered')}
          />
          {BUSINESS_LABELS.gstRegistered}
        </label>
        {registered ? (
          <TextField
            label={`${BUSINESS_LABELS.gstRegisteredFrom} (optional)`}
            type="date"
            hint="Invoices dated before it stay “Invoice”."
            error={errors.gstRegisteredFrom?.message}
            {...form.register('gstRegisteredFrom')}
          />
        ) : null}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="font-semibold">How customers pay (printed on invoices)</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {text('bankAccountName', { autoComplete: 'off' })}
          {text('bsb', { inputMode: 'numeric', autoComplete: 'off' })}
          {text('bankAccountNumber', { inputMode: 'numeric', autoComplete: 'off' })}
        </div>
        {text('payId', { autoComplete: 'off' })}
      </fieldset>

      {text('reviewUrl', { type: 'url', inputMode: 'url', autoComplete: 'off', placeholder: 'https://' })}

      <Controller
        control={form.control}
        name="businessDays"
        render={({ field }) => {
          const days = field.value ?? [];
          return (
            <fieldset aria-describedby={errors.businessDays ? 'opening-days-error' : undefined}>
              <legend className="font-semibold">{BUSINESS_LABELS.businessDays}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {WEEK.map(([day, name]) => (
                  <label
                    key={day}
                    className="flex min-h-11 min-w-16 items-center gap-2 rounded-lg border border-gray-300 px-3"
                  >
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={days.includes(day)}
                      onChange={(e) =>
                        field.onChange(e.target.checked ? [...days, day] : days.filter((d) => d !== day))
                      }
                    />
                    {name}
                  </label>
                ))}
              </div>
              {errors.businessDays ? (
                <p id="opening-days-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {errors.businessDays.message}
                </p>
              ) : null}
            </fieldset>
          );
        }}
      />

      <fieldset className="space-y-1">
        <legend className="font-semibold">Invoice follow-up</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="h-5 w-5"
            aria-describedby="overdue-reminders-hint"
            defaultChecked={saved.overdueReminders}
            {...form.register('overdueReminders')}
          />
          {BUSINESS_LABELS.overdueReminders}
        </label>
        <p id="overdue-reminders-hint" className="text-sm text-gray-700">
          An unpaid invoice gets one reminder email a week after its due date.
        </p>
      </fieldset>

      {/* On a phone Save stays in reach above the section bar while the form is on screen (decision 428). */}
      <div className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-10 -mx-4 bg-white/95 px-4 py-2 sm:static sm:mx-0 sm:bg-transparent sm:p-0">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? 'Saving...' : 'Save Business Profile'}
        </Button>
      </div>
    </form>
  );
}
