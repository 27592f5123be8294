import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';

/** A labelled text field of a request form, with its validation message (§5). */
export function RequestField({
  id,
  label,
  error,
  multiline = false,
  registration,
}: {
  id: string;
  label: string;
  error: string | undefined;
  multiline?: boolean;
  registration: UseFormRegisterReturn;
}) {
  const a11y = {
    id,
    className: 'mt-1',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {multiline ? <Textarea {...a11y} {...registration} /> : <Input {...a11y} {...registration} />}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
