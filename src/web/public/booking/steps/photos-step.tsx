import { PhotoArea } from '../photo-area';
import { MAX_PHOTOS } from '../photo-rules';
import type { usePhotos } from '../use-photos';

/** Step 5: optional photos, up to 5 in total. */
export function PhotosStep({ photos }: { photos: ReturnType<typeof usePhotos> }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700">
        Optional: photos help the technician bring the right parts. You can skip this step.
      </p>
      <PhotoArea photos={photos.photos} max={MAX_PHOTOS} onAdd={photos.add} onRemove={photos.remove} />
    </div>
  );
}
