import { useRef, useState, type RefObject } from 'react';
import { CameraProblemAlert, CameraViewport } from '../camera-view.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogContent } from '../ui/dialog.tsx';
import { useBarcodeScan } from './use-barcode-scan.ts';
import { useCamera } from './use-camera.ts';
import type { ReaderKind } from '../../lib/scanner/barcode-reader.ts';
import { createVinConfirmer, vinFromBarcode } from '../../lib/scanner/vin-from-barcode.ts';

type VinScannerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onVin: (vin: string) => void;
  /** The VIN field, focused after a scan or when the installer chooses to type the VIN. */
  vinField: () => HTMLElement | null;
};

/** The VIN scanner (§2): rear camera, barcode read in the browser; only a valid VIN fills the field. */
export function VinScannerDialog({ open, onOpenChange, onVin, vinField }: VinScannerDialogProps) {
  const toField = useRef(false);
  const close = (focusField: boolean) => {
    toField.current = focusField;
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close(false))}>
      {open && (
        <DialogContent
          title="Scan VIN"
          description="Point the rear camera at the VIN barcode on the door pillar or windshield label."
          onCloseAutoFocus={(event) => {
            const field = toField.current ? vinField() : null;
            if (!field) return;
            event.preventDefault();
            field.focus();
          }}
        >
          <ScannerBody
            onVin={(vin) => {
              onVin(vin);
              close(true);
            }}
            onClose={() => close(true)}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

const READER_NOTES: Readonly<Record<ReaderKind, string>> = {
  native: 'Reads Code 39, Data Matrix and QR labels, upright or sideways.',
  wasm: 'Reads Code 39, Data Matrix and QR labels, upright or sideways.',
  code39: 'Reads Code 39 labels only: the Data Matrix and QR reader could not be loaded.',
};

/** Reads frames until a barcode gives a VIN; a read that is not a VIN is reported, never used. */
function useVinScan(
  videoRef: RefObject<HTMLVideoElement | null>,
  ready: boolean,
  onVin: (vin: string) => void,
) {
  const [notVin, setNotVin] = useState<string | null>(null);
  const { reader } = useBarcodeScan(
    videoRef,
    ready,
    'vin',
    () => {
      const confirm = createVinConfirmer();
      return (texts) => {
        const vin = texts.map(vinFromBarcode).find((v) => v !== null);
        if (vin && confirm(vin)) return vin;
        if (!vin && texts[0] !== undefined) setNotVin(texts[0]);
        return null;
      };
    },
    onVin,
  );
  return { reader, notVin };
}

function ScannerBody({ onVin, onClose }: { onVin: (vin: string) => void; onClose: () => void }) {
  const { videoRef, state } = useCamera();
  const { reader, notVin } = useVinScan(videoRef, state.status === 'ready', onVin);

  return (
    <div className="grid gap-3">
      {state.status === 'error' ? (
        <CameraProblemAlert problem={state.problem}>
          <p>You can type the VIN in the VIN field instead.</p>
        </CameraProblemAlert>
      ) : (
        <>
          <CameraViewport videoRef={videoRef}>
            <div
              aria-hidden
              className="pointer-events-none absolute inset-x-6 top-1/2 h-0.5 -translate-y-1/2 bg-red-500/80"
            />
          </CameraViewport>
          <div role="status" className="grid gap-1 text-muted-foreground">
            <p>
              {state.status === 'starting'
                ? 'Starting camera...'
                : reader === null
                  ? 'Loading the barcode reader...'
                  : 'Looking for a VIN barcode...'}
            </p>
            {reader !== null && <p className="text-sm">{READER_NOTES[reader]}</p>}
          </div>
          {notVin !== null && (
            <p role="alert" className="break-all font-medium text-warning">
              Read “{notVin}”, which is not a valid VIN. Keep the VIN label steady and in view.
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
