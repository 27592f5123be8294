import { Button } from './button.tsx';

/** A dialog form's Cancel and submit buttons, side by side; the submit says 'Saving...' while pending. */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </div>
  );
}
