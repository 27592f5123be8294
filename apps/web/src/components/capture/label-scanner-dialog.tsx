import { CameraProblemAlert, CameraViewport } from '../camera-view.tsx';
import { Button } from '../ui/button.tsx';
import { DialogContent } from '../ui/dialog.tsx';
import { useCamera } from './use-camera.ts';
import { useLabelScan } from './use-label-scan.ts';

/**
 * Scan a device's label with the rear camera: Code 128, QR or Data Matrix, as on GPS units,
 * tablets and routers. The text read is the device id. Rendered inside a Dialog.
 */
export function LabelScannerDialog({
  onText,
  onClose,
}: {
  onText: (text: string) => void;
  onClose: () => void;
}) {
  const { videoRef, state } = useCamera();
  const { reader } = useLabelScan(videoRef, state.status === 'ready', onText);
  return (
    <DialogContent
      title="Scan Device Label"
      description="Point the rear camera at the barcode or QR code on the device's label."
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {state.status === 'error' ? (
          <CameraProblemAlert problem={state.problem}>
            <p>You can type the device ID instead.</p>
          </CameraProblemAlert>
        ) : (
          <>
            <CameraViewport videoRef={videoRef} />
            <p role="status" className="text-muted-foreground">
              {state.status === 'starting'
                ? 'Starting camera...'
                : reader === null
                  ? 'Loading the barcode reader...'
                  : 'Looking for a device label (Code 128, QR or Data Matrix)...'}
            </p>
          </>
        )}
        <Button variant="outline" onClick={onClose}>
          Type the ID instead
        </Button>
      </div>
    </DialogContent>
  );
}
