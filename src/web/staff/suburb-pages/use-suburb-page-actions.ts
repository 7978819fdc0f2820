import type {
  AdminSuburbPage,
  CreateSuburbPageRequest,
  UpdateSuburbPageRequest,
} from '../../../shared/schemas/suburb-pages';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useApiMutation } from '../../lib/refresh';

/**
 * The suburb pages' writes with the product's toasts (docs/product.md "Messages the UI shows"):
 * errors titled 'Error' with the server's message. After each, what its contract affects (the
 * list, the public suburb page, the settings history) is read again.
 */

const fail = (fallback: string) => (err: unknown) =>
  toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });

export function useSuburbPageActions() {
  const create = useApiMutation(api.suburbPages.create, {
    input: (body: CreateSuburbPageRequest) => ({ body }),
    onSuccess: (page: AdminSuburbPage) => {
      toast({ title: 'Success', description: `Suburb page added for ${page.suburb} (/suburb/${page.slug}).` });
    },
    onError: fail('Failed to add the suburb page.'),
  });
  const update = useApiMutation(api.suburbPages.update, {
    input: ({ id, body }: { id: string; body: UpdateSuburbPageRequest }) => ({ params: { id }, body }),
    onSuccess: (page: AdminSuburbPage) => {
      toast({ title: 'Success', description: `Suburb page for ${page.suburb} saved.` });
    },
    onError: fail('Failed to save the suburb page.'),
  });
  const setActive = useApiMutation(api.suburbPages.update, {
    input: ({ page, isActive }: { page: AdminSuburbPage; isActive: boolean }) => ({
      params: { id: page.id },
      body: { isActive },
    }),
    onSuccess: (page: AdminSuburbPage) => {
      toast({
        title: 'Success',
        description: page.isActive
          ? `${page.suburb} activated: its page is on the site.`
          : `${page.suburb} deactivated: its page now answers "Service Area Not Found".`,
      });
    },
    onError: fail('Failed to change the suburb page.'),
  });
  return { create, update, setActive };
}
