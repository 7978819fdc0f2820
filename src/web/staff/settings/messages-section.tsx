import { useQuery } from '@tanstack/react-query';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { MESSAGE_LABELS } from '../../../shared/domain/settings';
import type { MessagesForm, MessagesView, messagesForm } from '../../../shared/schemas/customer-messages';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Skeleton, SkeletonGroup } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';
import { rulesOnDemand } from '../../lib/resolver-on-demand';
import { RecentChanges } from './recent-changes';

const rules = rulesOnDemand(async () => (await import('../../../shared/schemas/customer-messages')).messagesForm);

type FormOutput = z.output<typeof messagesForm>;

/**
 * Settings, "Messages to customers" (docs/decisions/365-messages-to-customers-setting.md): the visit
 * reminder's time the day before, the review request's delay after payment, and a switch for each
 * automated kind. Automated messages only go between 8 am and 8 pm Perth.
 */
export function MessagesSection() {
  const messages = useQuery(api.settings.messages.query());
  return (
    <section
      id="messages"
      aria-labelledby="messages-heading"
      className="scroll-mt-20 rounded-xl border border-gray-200 p-4 sm:p-5"
    >
      <h2 id="messages-heading" className="text-lg font-bold">
        Messages to customers
      </h2>
      <p className="mt-1 text-gray-700">
        Automated texts and emails go between 8 am and 8 pm Perth time; one due outside waits for 8 am.
      </p>
      {messages.isPending ? (
        <SkeletonGroup label="Loading messages to customers..." className="mt-4">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-16 w-full sm:w-64" />
        </SkeletonGroup>
      ) : messages.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {errorMessage(messages.error, 'Could not load the messages to customers.')}
        </p>
      ) : (
        <MessagesFields key={JSON.stringify(messages.data)} saved={messages.data} />
      )}
      <RecentChanges subject="messages" section="messages" />
    </section>
  );
}

function Switch({ label, hint, id, field }: { label: string; hint: string; id: string; field: UseFormRegisterReturn }) {
  return (
    <div className="space-y-1">
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input type="checkbox" className="h-5 w-5" aria-describedby={`${id}-hint`} {...field} />
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-gray-700">
        {hint}
      </p>
    </div>
  );
}

function MessagesFields({ saved }: { saved: MessagesView }) {
  const form = useForm<MessagesForm, unknown, FormOutput>({
    resolver: rules.resolver,
    defaultValues: { ...saved, reviewDelayHours: String(saved.reviewDelayHours) },
  });
  const save = useApiMutation(api.settings.updateMessages, {
    input: (body: FormOutput) => ({ body }),
    onSuccess: () => toast({ title: 'Success', description: 'Messages to customers saved.' }),
    onError: (err) =>
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to save the messages to customers.'),
        variant: 'destructive',
      }),
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      onFocus={rules.preload}
      className="mt-4 space-y-4"
      onSubmit={(e) => void form.handleSubmit((values) => save.mutate(values))(e)}
    >
      <Switch
        id="reminders-on"
        label={MESSAGE_LABELS.remindersOn}
        hint="A text and an email the day before each visit, with its window and the link to manage the booking."
        field={form.register('remindersOn')}
      />
      <div className="sm:max-w-64">
        <TextField
          label={MESSAGE_LABELS.reminderTime}
          type="time"
          min="08:00"
          max="19:59"
          hint="24-hour time, Perth, 08:00 to 19:59"
          error={errors.reminderTime?.message}
          {...form.register('reminderTime')}
        />
      </div>
      <Switch
        id="review-requests-on"
        label={MESSAGE_LABELS.reviewRequestsOn}
        hint="A thank-you with the Google review link from the business profile, at most once per customer in 6 months; none while no review link is set."
        field={form.register('reviewRequestsOn')}
      />
      <div className="sm:max-w-64">
        <TextField
          label={MESSAGE_LABELS.reviewDelayHours}
          inputMode="numeric"
          autoComplete="off"
          hint="1 to 72"
          error={errors.reviewDelayHours?.message}
          {...form.register('reviewDelayHours')}
        />
      </div>
      <Switch
        id="return-visits-on"
        label={MESSAGE_LABELS.returnVisitsOn}
        hint="Only to customers who asked when booking: tyres 6 months after fitting, a battery after 12 months, each with a one-click unsubscribe."
        field={form.register('returnVisitsOn')}
      />
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? 'Saving...' : 'Save Messages'}
      </Button>
    </form>
  );
}
