import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { IconButton } from '../../../components/ui/icon-button.tsx';
import { ConfirmDialog } from '../../../components/ui/lazy-confirm-dialog.ts';

/**
 * The delete control of a photo or a note: an icon button, then a confirmation naming what goes
 * ('Issue note from 24 Nov 2026, 09:30'). `onDelete` gets a function that closes the dialog.
 */
export function DeleteRecord({
  noun,
  label,
  time,
  pending,
  onDelete,
}: {
  noun: 'photo' | 'note';
  label: string;
  time: string;
  pending: boolean;
  onDelete: (close: () => void) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <IconButton
        label={`Delete ${label} from ${time}`}
        tooltip={`Delete ${noun}`}
        onClick={() => setConfirming(true)}
      >
        <Trash2 aria-hidden className="size-5" />
      </IconButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${noun}?`}
        description={`The ${label.toLowerCase()} from ${time} will be removed from this vehicle's record.`}
        confirmLabel="Delete"
        pending={pending}
        onConfirm={() => onDelete(() => setConfirming(false))}
      />
    </>
  );
}
