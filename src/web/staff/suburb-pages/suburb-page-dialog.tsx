import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { REGIONS, suburbSlug } from '../../../shared/reference/service-area';
import {
  createSuburbPageRequest,
  SUBURB_PAGE_LIMITS,
  suburbPageForm,
  type AdminSuburbPage,
} from '../../../shared/schemas/suburb-pages';
import type { BusinessInfo } from '../../../shared/schemas/site';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextareaField, TextField } from '../../components/ui/field';
import { SuburbPagePreview } from './suburb-page-preview';
import { useSuburbPageActions } from './use-suburb-page-actions';

const PLACEHOLDER_HINT =
  'Write {business}, {phone}, {days} or {days-short} where the page should show the business name, phone or opening days: visitors always see the current ones.';

type EditInput = z.input<typeof suburbPageForm>;
type EditOutput = z.output<typeof suburbPageForm>;
type AddInput = z.input<typeof createSuburbPageRequest>;
type AddOutput = z.output<typeof createSuburbPageRequest>;

/** Edit a suburb page's title, description and content, with a preview (docs/decisions/284-suburb-pages-from-the-dashboard.md). */
export function EditSuburbPageDialog({
  page,
  business,
  onClose,
}: {
  page: AdminSuburbPage | null;
  business: BusinessInfo;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={page !== null}
      onOpenChange={(next) => !next && onClose()}
      title={page ? `Edit ${page.suburb}` : 'Edit suburb page'}
      description={PLACEHOLDER_HINT}
      className="sm:max-w-3xl"
    >
      {page ? <EditForm key={page.id} page={page} business={business} onClose={onClose} /> : null}
    </Dialog>
  );
}

function EditForm({ page, business, onClose }: { page: AdminSuburbPage; business: BusinessInfo; onClose: () => void }) {
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(suburbPageForm),
    defaultValues: { title: page.title, description: page.description, content: page.content },
  });
  const { errors } = form.formState;
  const words = useWatch({ control: form.control }) as EditInput;
  const { update } = useSuburbPageActions();
  const [previewing, setPreviewing] = useState(false);
  const submit = (values: EditOutput) => update.mutate({ id: page.id, body: values }, { onSuccess: onClose });
  return (
    <form noValidate className="space-y-4" onSubmit={(e) => void form.handleSubmit(submit)(e)}>
      <PageWords register={form.register} errors={errors} words={words} />
      <PreviewToggle previewing={previewing} onToggle={() => setPreviewing(!previewing)} />
      {previewing ? (
        <SuburbPagePreview
          business={business}
          page={{
            ...page,
            title: words.title ?? '',
            description: words.description ?? '',
            content: words.content ?? '',
          }}
        />
      ) : null}
      <FormButtons saving={update.isPending} onClose={onClose} label="Save Changes" />
    </form>
  );
}

/** Add a suburb the curated list does not have; its slug is made from the name as the site makes it. */
export function AddSuburbPageDialog({
  open,
  business,
  onClose,
}: {
  open: boolean;
  business: BusinessInfo;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Add a suburb"
      description={PLACEHOLDER_HINT}
      className="sm:max-w-3xl"
    >
      {open ? <AddForm business={business} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AddForm({ business, onClose }: { business: BusinessInfo; onClose: () => void }) {
  const form = useForm<AddInput, unknown, AddOutput>({
    resolver: zodResolver(createSuburbPageRequest),
    defaultValues: {
      suburb: '',
      postcode: '',
      region: '' as AddInput['region'],
      title: '',
      description: '',
      content: '',
      isActive: true,
    },
  });
  const { errors } = form.formState;
  const words = useWatch({ control: form.control }) as AddInput;
  const { create } = useSuburbPageActions();
  const [previewing, setPreviewing] = useState(false);
  const slug = suburbSlug(words.suburb ?? '');
  const submit = (values: AddOutput) => create.mutate(values, { onSuccess: onClose });
  return (
    <form noValidate className="space-y-4" onSubmit={(e) => void form.handleSubmit(submit)(e)}>
      <TextField
        label="Suburb name"
        autoComplete="off"
        hint={slug ? `Page address: /suburb/${slug}` : undefined}
        error={errors.suburb?.message}
        {...form.register('suburb')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Postcode"
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          error={errors.postcode?.message}
          {...form.register('postcode')}
        />
        <SelectField label="Region" error={errors.region?.message} {...form.register('region')}>
          <option value="">Choose a region</option>
          {REGIONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        Online bookings are taken only in the built-in service area: a customer in a suburb added here is asked to phone
        to book.
      </p>
      <PageWords register={form.register} errors={errors} words={words} />
      <label className="flex min-h-11 items-center gap-3 text-base">
        <input type="checkbox" className="h-5 w-5" {...form.register('isActive')} />
        Active (on the site) once added
      </label>
      <PreviewToggle previewing={previewing} onToggle={() => setPreviewing(!previewing)} />
      {previewing ? (
        <SuburbPagePreview
          business={business}
          page={{
            suburb: words.suburb ?? '',
            slug,
            postcode: words.postcode ?? '',
            region: (words.region || 'Perth Metro') as AdminSuburbPage['region'],
            title: words.title ?? '',
            description: words.description ?? '',
            content: words.content ?? '',
          }}
        />
      ) : null}
      <FormButtons saving={create.isPending} onClose={onClose} label="Add Suburb" />
    </form>
  );
}

/** Title, description and content with what is left of each limit. */
function PageWords({
  register,
  errors,
  words,
}: {
  register: (name: 'title' | 'description' | 'content') => UseFormRegisterReturn;
  errors: Partial<Record<'title' | 'description' | 'content', { message?: string }>>;
  words: Partial<EditInput>;
}) {
  const left = (text: string | undefined, max: number) => `${(text ?? '').length} of ${max} characters`;
  return (
    <>
      <TextField
        label="Title"
        autoComplete="off"
        hint={left(words.title, SUBURB_PAGE_LIMITS.title)}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextareaField label="Description" rows={3} error={errors.description?.message} {...register('description')} />
      <p className="-mt-3 text-sm text-gray-600">{left(words.description, SUBURB_PAGE_LIMITS.description)}</p>
      <TextareaField label="Content" rows={10} error={errors.content?.message} {...register('content')} />
      <p className="-mt-3 text-sm text-gray-600">Paragraphs are separated by a blank line.</p>
    </>
  );
}

function PreviewToggle({ previewing, onToggle }: { previewing: boolean; onToggle: () => void }) {
  return (
    <Button variant="outline" aria-expanded={previewing} onClick={onToggle} className="w-full sm:w-auto">
      {previewing ? 'Hide preview' : 'Show preview'}
    </Button>
  );
}

function FormButtons({ saving, onClose, label }: { saving: boolean; onClose: () => void; label: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onClose} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : label}
      </Button>
    </div>
  );
}
