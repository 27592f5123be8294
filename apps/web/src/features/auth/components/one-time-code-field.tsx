import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';

/** What the server said when it asked for the code (issue 32): its words, and whether the last one was wrong. */
export interface CodeStep {
  message: string;
  wrong: boolean;
}

/**
 * The platform's one-time code (two-factor sign-in), shown once the server asked for it: digits on
 * a phone's keypad, filled from the authenticator where the phone offers it, with the server's
 * message under it.
 */
export function OneTimeCodeField(props: {
  id: string;
  step: CodeStep;
  fieldError: string | undefined;
  registration: UseFormRegisterReturn<'code'>;
}) {
  const { id, step, fieldError } = props;
  const describedBy = fieldError ? `${id}-code-error` : `${id}-code-message`;
  return (
    <div>
      <Label htmlFor={`${id}-code`}>One-time code</Label>
      <Input
        id={`${id}-code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        spellCheck={false}
        className="mt-1"
        aria-invalid={fieldError || step.wrong ? true : undefined}
        aria-describedby={describedBy}
        {...props.registration}
      />
      {fieldError ? (
        <FieldError id={`${id}-code-error`} message={fieldError} />
      ) : (
        <p
          id={`${id}-code-message`}
          role={step.wrong ? 'alert' : undefined}
          className={step.wrong ? 'mt-1 font-semibold text-destructive' : 'mt-1 text-base'}
        >
          {step.message}
        </p>
      )}
    </div>
  );
}
