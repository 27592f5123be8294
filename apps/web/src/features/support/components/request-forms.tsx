import { zodResolver } from '@hookform/resolvers/zod';
import {
  SupportAccessFormSchema,
  SupportAddVehicleFormSchema,
  SupportMessageFormSchema,
} from '@toolkit/contracts/support.ts';
import { useId } from 'react';
import { useForm, type DefaultValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { useSubmitRequest, type SupportFormRequest } from '../hooks/use-submit-request.ts';
import { RequestField } from './request-field.tsx';

type TextValues = Record<string, string>;

interface RequestFormProps<F extends TextValues> {
  /** The contract's schema of the form (§5's messages come from it). */
  schema: z.ZodType<F, F>;
  intro: string;
  defaults: DefaultValues<F>;
  fields: readonly { name: Path<F>; label: string; multiline?: boolean }[];
  /** The request the valid values make (its kind added). */
  toRequest: (values: F) => SupportFormRequest;
}

/** A Support screen request form: its intro, its text fields and 'Submit Request'. */
function RequestForm<F extends TextValues>({
  schema,
  intro,
  defaults,
  fields,
  toRequest,
}: RequestFormProps<F>) {
  const id = useId();
  const { submit, pending } = useSubmitRequest();
  const form = useForm<F, unknown, F>({ resolver: zodResolver(schema), defaultValues: defaults });
  const onSubmit = form.handleSubmit((values) => submit(toRequest(values), () => form.reset()));
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      className="grid gap-4"
    >
      <p className="text-muted-foreground">{intro}</p>
      {fields.map((field) => (
        <RequestField
          key={field.name}
          id={`${id}-${field.name}`}
          label={field.label}
          multiline={field.multiline}
          error={form.getFieldState(field.name, form.formState).error?.message}
          registration={form.register(field.name)}
        />
      ))}
      <Button type="submit" disabled={pending}>
        {pending ? 'Submitting...' : 'Submit Request'}
      </Button>
    </form>
  );
}

const REASON = { name: 'reason', label: 'Reason', multiline: true } as const;

export function AddVehicleForm() {
  return (
    <RequestForm
      schema={SupportAddVehicleFormSchema}
      intro="Ask for a vehicle that is missing from the fleet system to be added."
      defaults={{ vehicleId: '', reason: '' }}
      fields={[{ name: 'vehicleId', label: 'Vehicle ID' }, REASON]}
      toRequest={(v) => ({ kind: 'add-vehicle', ...v })}
    />
  );
}

export function RequestAccessForm() {
  return (
    <RequestForm
      schema={SupportAccessFormSchema}
      intro="Ask for access to an account in the fleet system."
      defaults={{ accountId: '', reason: '' }}
      fields={[{ name: 'accountId', label: 'Account ID' }, REASON]}
      toRequest={(v) => ({ kind: 'request-access', ...v })}
    />
  );
}

export function SupportMessageForm() {
  return (
    <RequestForm
      schema={SupportMessageFormSchema}
      intro="Write to support about a problem or a question."
      defaults={{ subject: '', message: '' }}
      fields={[
        { name: 'subject', label: 'Subject' },
        { name: 'message', label: 'Message', multiline: true },
      ]}
      toRequest={(v) => ({ kind: 'support', ...v })}
    />
  );
}
