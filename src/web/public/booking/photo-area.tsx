import { Camera, ImagePlus, Lightbulb, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { cn } from '../../components/ui/cn';
import { PHOTO_TYPES, shortFileName } from './photo-rules';
import type { ChosenPhoto } from './use-photos';

export const PHOTO_REASSURANCE =
  "No tyre knowledge needed! To make bookings quick and easy for everyone, simply upload photos of your tyres or vehicle - and we'll handle the rest.";

/** The photo area: camera and gallery pickers, drag-and-drop, thumbnails, tips. */
export function PhotoArea({
  photos,
  max,
  onAdd,
  onRemove,
  progress,
  showTips = true,
}: {
  photos: ChosenPhoto[];
  max: number;
  onAdd: (files: File[], max: number) => void;
  onRemove: (id: string) => void;
  progress?: Record<string, number>;
  showTips?: boolean;
}) {
  const cameraRef = useRef<HTMLInputElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();
  const accept = PHOTO_TYPES.join(',');
  const full = photos.length >= max;

  const take = (list: FileList | null, input?: HTMLInputElement | null) => {
    if (list?.length) onAdd(Array.from(list), max);
    // The picker is reset after each selection so the same file can be chosen again.
    if (input) input.value = '';
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          'rounded-xl border-2 border-dashed p-4 text-center transition-colors',
          dragging ? 'border-accent-strong bg-amber-50' : 'border-gray-300 bg-gray-50',
        )}
      >
        <h3 id={headingId} className="text-lg font-semibold">
          {photos.length ? 'Add More Photos' : 'Upload Photos'}
        </h3>
        <p className="mt-1 text-sm text-gray-700">
          {photos.length} of {max} chosen. JPEG, PNG or WebP, up to 5 MB each. Drag photos here or use the buttons.
        </p>
        <div className="mt-3 grid grid-cols-2 gap-2">
          <button
            type="button"
            disabled={full}
            onClick={() => cameraRef.current?.click()}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-charcoal px-3 font-semibold text-white hover:bg-charcoal-soft disabled:opacity-60"
          >
            <Camera aria-hidden className="h-5 w-5" /> Camera
          </button>
          <button
            type="button"
            disabled={full}
            onClick={() => galleryRef.current?.click()}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-gray-400 bg-white px-3 font-semibold text-charcoal hover:bg-gray-100 disabled:opacity-60"
          >
            <ImagePlus aria-hidden className="h-5 w-5" /> Gallery
          </button>
        </div>
        <input
          ref={cameraRef}
          type="file"
          accept={accept}
          capture="environment"
          className="sr-only"
          tabIndex={-1}
          aria-label="Take a photo with the camera"
          onChange={(e) => take(e.target.files, e.target)}
        />
        <input
          ref={galleryRef}
          type="file"
          accept={accept}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose photos from the gallery"
          onChange={(e) => take(e.target.files, e.target)}
        />
      </div>

      {photos.length ? (
        <ul className="grid grid-cols-3 gap-2" aria-label="Chosen photos">
          {photos.map((p) => {
            const pct = progress?.[p.id];
            return (
              <li key={p.id} className="relative overflow-hidden rounded-lg border border-gray-200 bg-white">
                <img src={p.url} alt={p.file.name} className="aspect-square w-full object-cover" />
                <p className="truncate px-1 py-0.5 text-xs text-gray-700" title={p.file.name}>
                  {shortFileName(p.file.name)}
                </p>
                {pct !== undefined ? (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${p.file.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={pct}
                    className="h-1.5 bg-gray-200"
                  >
                    <div className="h-full bg-accent-strong" style={{ width: `${pct}%` }} />
                  </div>
                ) : (
                  <button
                    type="button"
                    onClick={() => onRemove(p.id)}
                    aria-label={`Remove ${p.file.name}`}
                    className="absolute right-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-full bg-black/70 text-white hover:bg-black"
                  >
                    <X aria-hidden className="h-4 w-4" />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}

      {showTips ? (
        <div className="rounded-lg bg-amber-50 p-3 text-sm text-charcoal">
          <p className="font-medium">{PHOTO_REASSURANCE}</p>
          <p className="mt-2 flex items-center gap-1 font-semibold">
            <Lightbulb aria-hidden className="h-4 w-4" /> Photo tips
          </p>
          <ul className="ml-5 list-disc">
            <li>Use good lighting</li>
            <li>Take multiple angles</li>
            <li>Include close-ups of damage or wear</li>
          </ul>
        </div>
      ) : null}
    </section>
  );
}
