import { zodResolver } from '@hookform/resolvers/zod';
import {
  SupportAccessFormSchema,
  SupportAddVehicleFormSchema,
  SupportMessageFormSchema,
  type SupportAccessForm,
  type SupportAddVehicleForm,
  type SupportMessageForm,
} from '@toolkit/contracts/support.ts';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { useSubmitRequest } from '../hooks/use-submit-request.ts';
import { RequestField } from './request-field.tsx';

function FormFrame({
  intro,
  pending,
  onSubmit,
  children,
}: {
  intro: string;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      className="grid gap-4"
    >
      <p className="text-muted-foreground">{intro}</p>
      {children}
      <Button type="submit" disabled={pending}>
        {pending ? 'Submitting...' : 'Submit Request'}
      </Button>
    </form>
  );
}

export function AddVehicleForm() {
  const id = useId();
  const { submit, pending } = useSubmitRequest();
  const form = useForm<SupportAddVehicleForm>({
    resolver: zodResolver(SupportAddVehicleFormSchema),
    defaultValues: { vehicleId: '', reason: '' },
  });
  const { errors } = form.formState;
  return (
    <FormFrame
      intro="Ask for a vehicle that is missing from the fleet system to be added."
      pending={pending}
      onSubmit={() =>
        void form.handleSubmit((v) => submit({ kind: 'add-vehicle', ...v }, () => form.reset()))()
      }
    >
      <RequestField
        id={`${id}-vehicle`}
        label="Vehicle ID"
        error={errors.vehicleId?.message}
        registration={form.register('vehicleId')}
      />
      <RequestField
        id={`${id}-reason`}
        label="Reason"
        multiline
        error={errors.reason?.message}
        registration={form.register('reason')}
      />
    </FormFrame>
  );
}

export function RequestAccessForm() {
  const id = useId();
  const { submit, pending } = useSubmitRequest();
  const form = useForm<SupportAccessForm>({
    resolver: zodResolver(SupportAccessFormSchema),
    defaultValues: { accountId: '', reason: '' },
  });
  const { errors } = form.formState;
  return (
    <FormFrame
      intro="Ask for access to an account in the fleet system."
      pending={pending}
      onSubmit={() =>
        void form.handleSubmit((v) => submit({ kind: 'request-access', ...v }, () => form.reset()))()
      }
    >
      <RequestField
        id={`${id}-account`}
        label="Account ID"
        error={errors.accountId?.message}
        registration={form.register('accountId')}
      />
      <RequestField
        id={`${id}-reason`}
        label="Reason"
        multiline
        error={errors.reason?.message}
        registration={form.register('reason')}
      />
    </FormFrame>
  );
}

export function SupportMessageForm() {
  const id = useId();
  const { submit, pending } = useSubmitRequest();
  const form = useForm<SupportMessageForm>({
    resolver: zodResolver(SupportMessageFormSchema),
    defaultValues: { subject: '', message: '' },
  });
  const { errors } = form.formState;
  return (
    <FormFrame
      intro="Write to support about a problem or a question."
      pending={pending}
      onSubmit={() => void form.handleSubmit((v) => submit({ kind: 'support', ...v }, () => form.reset()))()}
    >
      <RequestField
        id={`${id}-subject`}
        label="Subject"
        error={errors.subject?.message}
        registration={form.register('subject')}
      />
      <RequestField
        id={`${id}-message`}
        label="Message"
        multiline
        error={errors.message?.message}
        registration={form.register('message')}
      />
    </FormFrame>
  );
}
