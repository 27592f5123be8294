import { zodResolver } from '@hookform/resolvers/zod';
import { AccessRequestInputSchema, type AccessRequestInput } from '@toolkit/contracts/clients.ts';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../lib/toast-store.ts';
import { useRequestAccess } from '../api/request-access.ts';
import { readableError } from '../../../lib/api-error.ts';
import { SAVED_OFFLINE } from '../../../lib/outbox/submit.ts';

export function AccessRequestDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const request = useRequestAccess();
  const form = useForm<AccessRequestInput>({
    resolver: zodResolver(AccessRequestInputSchema),
    defaultValues: { clientName: '', reason: '' },
  });
  const { errors } = form.formState;

  const onSubmit = (values: AccessRequestInput) => {
    request.mutate(values, {
      onSuccess: (result) => {
        toast({
          title: 'Request Submitted',
          description:
            result.status === 'queued'
              ? SAVED_OFFLINE
              : `Your request for access to ${values.clientName} was sent to support. An administrator will review it and reply by e-mail.`,
        });
        form.reset();
        setOpen(false);
      },
      onError: (error) => {
        toast({ title: 'Request Failed', description: readableError(error), variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full">
          <KeyRound aria-hidden className="size-5" />
          Request Access to New Client
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Request Access to New Client"
        description="An administrator reviews each request and replies by e-mail."
      >
        <form noValidate onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} className="grid gap-4">
          <div>
            <Label htmlFor={`${id}-client`}>Client name</Label>
            <Input
              id={`${id}-client`}
              className="mt-1"
              aria-invalid={errors.clientName ? true : undefined}
              aria-describedby={errors.clientName ? `${id}-client-error` : undefined}
              {...form.register('clientName')}
            />
            <FieldError id={`${id}-client-error`} message={errors.clientName?.message} />
          </div>
          <div>
            <Label htmlFor={`${id}-reason`}>Reason for access</Label>
            <Textarea
              id={`${id}-reason`}
              className="mt-1"
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
              {...form.register('reason')}
            />
            <FieldError id={`${id}-reason-error`} message={errors.reason?.message} />
          </div>
          <Button type="submit" disabled={request.isPending}>
            {request.isPending ? 'Submitting...' : 'Submit Request'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
