import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClasses } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { useSoftwareVersions, type SoftwareType } from '../api/get-software-versions.ts';

const TEXT: Record<SoftwareType, { title: string; none: string; action: string; label: string }> = {
  production: {
    title: 'Software Update',
    none: 'No Production Software',
    action: 'Install Update',
    label: 'Production version',
  },
  addon: {
    title: 'Additional Software',
    none: 'No Additional Software',
    action: 'Install Add-on',
    label: 'Add-on',
  },
};

type SoftwarePickerProps = { type: SoftwareType; disabled: boolean; onInstall: (version: string) => void };

/** Choose a production release or an add-on, then install it; a version must be chosen (§5). */
export function SoftwarePicker({ type, disabled, onInstall }: SoftwarePickerProps) {
  const id = useId();
  const versions = useSoftwareVersions(type);
  const [version, setVersion] = useState('');
  const text = TEXT[type];
  const chosen = versions.data?.some((v) => v.version === version) ? version : '';

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2 rounded-lg border border-border p-3">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {text.title}
      </h3>
      {versions.isPending ? (
        <LoadingState label={`Loading ${type} software`} rows={1} rowClassName="h-11" />
      ) : versions.isError ? (
        <ErrorState
          title={`Failed to fetch ${type} software versions`}
          variant="inline"
          onRetry={() => void versions.refetch()}
        />
      ) : versions.data.length === 0 ? (
        <p role="status" className="font-semibold">
          {text.none}
        </p>
      ) : (
        <>
          <Label htmlFor={`${id}-version`}>{text.label}</Label>
          <select
            id={`${id}-version`}
            className={fieldClasses}
            value={chosen}
            onChange={(e) => setVersion(e.target.value)}
          >
            <option value="">Choose a version</option>
            {versions.data.map((v) => (
              <option key={v.version} value={v.version}>
                {v.filename}
                {v.description ? ` — ${v.description}` : ''}
              </option>
            ))}
          </select>
          <Button disabled={disabled || !chosen} onClick={() => onInstall(chosen)}>
            {text.action}
          </Button>
        </>
      )}
    </section>
  );
}
