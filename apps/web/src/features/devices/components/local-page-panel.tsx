import type { Device } from '@toolkit/contracts/devices.ts';
import { Copy, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { apcUnit, localPageUrl, openLocalPage } from '../utils/local-page.ts';

/** APC: the front or rear unit's local page; Router: its login page. Both at http://{ip}. */
export function LocalPagePanel({ device }: { device: Device }) {
  const id = useId();
  const [blocked, setBlocked] = useState(false);
  const [copied, setCopied] = useState(false);
  const url = localPageUrl(device.ipAddress);
  const label =
    device.type === 'Router'
      ? 'Open Router Login Page'
      : `Open ${apcUnit(device) === 'rear' ? 'Rear' : 'Front'} Unit Page`;

  if (!url) {
    return (
      <p role="status" className="rounded-lg bg-surface-muted p-3">
        No IP address is known for this device, so its local page cannot be opened.
      </p>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-muted-foreground">
        Connect to the vehicle's network first. The page opens at {url}.
      </p>
      <Button size="lg" onClick={() => setBlocked(!openLocalPage(url))}>
        <ExternalLink aria-hidden className="size-5" />
        {label}
      </Button>
      {blocked && (
        <div role="alert" className="grid gap-2 rounded-lg border-2 border-warning p-3">
          <p className="font-semibold">The pop-up was blocked.</p>
          <Label htmlFor={`${id}-url`}>Copy this address into your browser:</Label>
          <div className="flex gap-2">
            <Input id={`${id}-url`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden className="size-5" />
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
