import { useRef, useState } from 'react';
import { manageChangeRequest, type ManageBooking } from '../../../shared/schemas/manage';
import { PHOTO_LIMITS } from '../../../shared/schemas/photos';
import { Button } from '../../components/ui/button';
import { TextareaField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, errorMessage, fieldErrorsOf } from '../../lib/api';

/** The contact phone and the notes for the technician, under the same rule and message as the server's. */
export function ContactSection({
  token,
  booking,
  onChanged,
}: {
  token: string;
  booking: ManageBooking;
  onChanged: (b: ManageBooking) => void;
}) {
  const [phone, setPhone] = useState(booking.contactPhone);
  const [notes, setNotes] = useState(booking.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const save = async () => {
    const parsed = manageChangeRequest.safeParse({ phone, notes });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'phone'), i.message])));
    setErrors({});
    setPending(true);
    try {
      const next = await api.manage.change({ params: { token }, body: parsed.data });
      toast({ title: 'Details saved' });
      onChanged(next);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(
        Object.keys(fields).length ? fields : { phone: errorMessage(err, 'Could not save. Please try again.') },
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="contact-heading" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="contact-heading" className="text-lg font-bold">
        Contact phone and notes
      </h2>
      <TextField
        label="Contact phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        value={phone}
        error={errors.phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <TextareaField
        label="Notes for the technician"
        value={notes}
        error={errors.notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      <Button className="w-full" disabled={pending} onClick={() => void save()}>
        {pending ? 'Saving…' : 'Save details'}
      </Button>
    </section>
  );
}

/** Photos of the tyre or the car, until the visit, with the booking's photo rules (checked by the server). */
export function PhotosSection({
  token,
  booking,
  onAdded,
}: {
  token: string;
  booking: ManageBooking;
  onAdded: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const room = booking.maxPhotos - booking.photoCount;

  const upload = async () => {
    const files = Array.from(input.current?.files ?? []);
    if (files.length === 0) return setError('Please choose at least one photo to upload.');
    if (files.length > room) return setError(`You can add ${room} more photo${room === 1 ? '' : 's'}.`);
    const form = new FormData();
    for (const f of files) form.append('photos', f);
    setPending(true);
    setError(null);
    try {
      const { photos } = await api.manage.photos({ params: { token }, body: form });
      toast({ title: `${photos.length} photo${photos.length === 1 ? '' : 's'} added` });
      if (input.current) input.current.value = '';
      onAdded();
    } catch (err) {
      setError(errorMessage(err, 'The photos could not be uploaded. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="photos-heading" className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="photos-heading" className="text-lg font-bold">
        Photos
      </h2>
      <TextField
        ref={input}
        label={`Add photos (${booking.photoCount} of ${booking.maxPhotos} so far)`}
        hint={`JPEG, PNG or WebP, up to ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB each.`}
        type="file"
        accept={PHOTO_LIMITS.types.join(',')}
        multiple
        error={error ?? undefined}
      />
      <Button className="w-full" disabled={pending} onClick={() => void upload()}>
        {pending ? 'Uploading…' : 'Upload photos'}
      </Button>
    </section>
  );
}
