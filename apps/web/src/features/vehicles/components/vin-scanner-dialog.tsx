import { CameraOff } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { useCamera } from '../hooks/use-camera.ts';
import { createBarcodeReader } from '../scanner/barcode-reader.ts';
import { vinFromBarcode } from '../scanner/vin-from-barcode.ts';

const SCAN_INTERVAL_MS = 200;

type VinScannerDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onVin: (vin: string) => void };

/** The VIN scanner (§2): rear camera, barcode read in the browser; only a valid VIN fills the field. */
export function VinScannerDialog({ open, onOpenChange, onVin }: VinScannerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent title="Scan VIN" description="Point the rear camera at the VIN barcode on the door pillar or windshield label.">
          <ScannerBody onVin={onVin} onClose={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ScannerBody({ onVin, onClose }: { onVin: (vin: string) => void; onClose: () => void }) {
  const { videoRef, state } = useCamera();
  const [reader, setReader] = useState<'native' | 'code39' | null>(null);
  const [lastRead, setLastRead] = useState<string | null>(null);
  const found = useEffectEvent((vin: string) => onVin(vin));
  const ready = state.status === 'ready';

  useEffect(() => {
    if (!ready) return;
    const run = { stopped: false };
    const stopped = () => run.stopped;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    void createBarcodeReader().then((barcodeReader) => {
      if (stopped()) return;
      setReader(barcodeReader.kind);
      const tick = async () => {
        const video = videoRef.current;
        if (stopped() || !video) return;
        const raw = await barcodeReader.read(video, canvas).catch(() => null);
        if (stopped()) return;
        if (raw !== null) {
          const vin = vinFromBarcode(raw);
          if (vin) return found(vin);
          setLastRead(raw);
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    });
    return () => {
      run.stopped = true;
      clearTimeout(timer);
    };
  }, [ready, videoRef]);

  return (
    <div className="grid gap-3">
      {state.status === 'error' ? (
        <div role="alert" className="grid justify-items-center gap-2 rounded-lg border-2 border-destructive p-4 text-center">
          <CameraOff aria-hidden className="size-8 text-destructive" />
          <p className="text-lg font-bold">{state.problem.title}</p>
          <p>{state.problem.description}</p>
          <p>You can type the VIN in the VIN field instead.</p>
        </div>
      ) : (
        <>
          <div className="relative overflow-hidden rounded-lg bg-black">
            <video ref={videoRef} className="aspect-video w-full object-cover" muted playsInline aria-label="Camera view" />
            <div aria-hidden className="pointer-events-none absolute inset-x-6 top-1/2 h-0.5 -translate-y-1/2 bg-red-500/80" />
          </div>
          <p role="status" className="text-muted-foreground">
            {state.status === 'starting' ? 'Starting camera...' : 'Looking for a VIN barcode...'}
            {reader === 'code39' ? ' (built-in Code 39 reader)' : ''}
          </p>
          {lastRead !== null && (
            <p className="break-all text-warning">
              Read “{lastRead}”, which is not a valid VIN. Keep the label steady and in view.
            </p>
          )}
        </>
      )}
      <Button variant="outline" onClick={onClose}>
        Enter VIN manually
      </Button>
    </div>
  );
}
