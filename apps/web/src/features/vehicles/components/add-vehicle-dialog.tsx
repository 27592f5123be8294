import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { lazyModule, useLazyDialog } from '../../../lib/lazy-module.ts';
import type { AddVehicleDialogProps } from './add-vehicle-form.tsx';

const form = lazyModule(() => import('./add-vehicle-form.tsx'));

/**
 * 'Add New Vehicle', then 'Confirm Vehicle Creation' (§2 workspace dialogs). The form's code (react-
 * hook-form, the dialog) loads when the installer reaches for the button (decision 027).
 */
export function AddVehicleDialog({ onCreated, ...props }: AddVehicleDialogProps) {
  const dialog = useLazyDialog(form);
  return (
    <>
      <Button {...dialog.trigger}>
        <Plus aria-hidden className="size-5" /> Add Vehicle
      </Button>
      {dialog.loaded && (
        <dialog.loaded.AddVehicleFormDialog
          {...props}
          onDone={(outcome) => {
            dialog.close();
            if (outcome) onCreated?.(outcome);
          }}
        />
      )}
    </>
  );
}
