import type { CreateSupportRequestInput } from '@toolkit/contracts/support.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';
import { toast } from '../../../lib/toast-store.ts';
import { useSelectedClientId } from '../../../lib/use-selected-client.ts';
import { useCreateSupportRequest } from '../api/create-support-request.ts';

type WithoutClient<T> = T extends unknown ? Omit<T, 'clientId'> : never;
/** A request of the Support screen's forms; the selected agency is added on submit. */
export type SupportFormRequest = WithoutClient<Exclude<CreateSupportRequestInput, { kind: 'client-access' }>>;

/** Files a request for the selected agency, with a toast either way. */
export function useSubmitRequest() {
  const clientId = useSelectedClientId();
  const create = useCreateSupportRequest();
  const submit = (request: SupportFormRequest, onDone: () => void) => {
    create.mutate(
      { ...request, clientId },
      {
        onSuccess: (result) => {
          toast({
            title: 'Request Submitted',
            description:
              result.status === 'queued'
                ? SAVED_OFFLINE
                : result.answer.state === 'sent'
                  ? 'Your request was e-mailed to support. You can follow it under Your Requests.'
                  : 'Your request was saved; the e-mail to support will follow.',
          });
          onDone();
        },
        onError: (error) =>
          toast({ title: 'Request Failed', description: error.message, variant: 'destructive' }),
      },
    );
  };
  return { submit, pending: create.isPending };
}
