import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { IMAGE_SIGNATURE_LENGTH, imageTypeOf, type PhotoImageType } from '../../../shared/domain/image-signature';
import { queueToast, toast } from '../../components/ui/toast';
import { MAX_PHOTO_MB, PHOTO_TYPE_NAMES, screenPhotos } from './photo-rules';

export type ChosenPhoto = { id: string; file: File; url: string };

let nextPhotoId = 1;

/** The photo type the file's first bytes show, or null (also when the file cannot be read). */
async function imageTypeOfFile(file: File): Promise<PhotoImageType | null> {
  try {
    return imageTypeOf(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_LENGTH).arrayBuffer()));
  } catch {
    return null;
  }
}

/** The photos chosen in the wizard: the tyre step and the photo step share one list (decision 141). */
export function usePhotos() {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  // The callbacks read the latest list through this ref, so they keep one identity for the wizard's life.
  const photosRef = useRef(photos);
  useLayoutEffect(() => {
    photosRef.current = photos;
  }, [photos]);

  const screenAndAdd = useCallback(async (files: File[], max: number) => {
    const tooMany = () =>
      toast({ title: 'Too many files', description: `Maximum ${max} files allowed`, variant: 'destructive' });
    if (photosRef.current.length + files.length > max) return tooMany();
    // A file's type is what its bytes say, not its name or declared type (docs/product.md "Bookings").
    const types = await Promise.all(files.map(imageTypeOfFile));
    const current = photosRef.current;
    const screened = screenPhotos(
      files.map((file, i) => ({ file, name: file.name, size: file.size, type: types[i] ?? 'unrecognised' })),
      current.length,
      max,
    );
    if (screened.tooMany) return tooMany();
    if (screened.wrongType.length)
      toast({
        title: 'Invalid file type',
        description: `Please upload ${PHOTO_TYPE_NAMES} files only.`,
        variant: 'destructive',
      });
    // Both problems in one selection: each toast in turn (decision 171).
    if (screened.tooLarge.length)
      queueToast({
        title: 'File too large',
        description: `File size must be less than ${MAX_PHOTO_MB} MB.`,
        variant: 'destructive',
      });
    if (!screened.accepted.length) return;
    const added = screened.accepted.map(({ file }) => ({
      id: `photo-${nextPhotoId++}`,
      file,
      url: URL.createObjectURL(file),
    }));
    // Two quick selections both read the list after their await: the ref moves on at once.
    photosRef.current = [...current, ...added];
    setPhotos(photosRef.current);
  }, []);

  const add = useCallback((files: File[], max: number) => void screenAndAdd(files, max), [screenAndAdd]);

  const remove = useCallback((id: string) => {
    const photo = photosRef.current.find((p) => p.id === id);
    // Removing a photo releases its preview.
    if (photo) URL.revokeObjectURL(photo.url);
    setPhotos((list) => list.filter((p) => p.id !== id));
  }, []);

  const clear = useCallback(() => {
    photosRef.current.forEach((p) => URL.revokeObjectURL(p.url));
    setPhotos([]);
  }, []);

  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  return { photos, add, remove, clear };
}
