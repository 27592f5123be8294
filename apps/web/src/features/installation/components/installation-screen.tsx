import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { NothingSavedState } from '../../../components/feedback/nothing-saved-state.tsx';
import { queryPhase } from '../../../components/feedback/query-phase.ts';
import { SavedCopyNotice } from '../../../components/feedback/saved-copy-notice.tsx';
import { paths } from '../../../config/paths.ts';
import { useVehicle } from '../../vehicles/index.ts';
import { NoteSection } from './note-section.tsx';
import { PhotoSection } from './photo-section.tsx';
import { UploadSummary } from './upload-summary.tsx';

function BackToReports() {
  return (
    <Link
      to={paths.reports}
      className="inline-flex min-h-11 items-center font-semibold text-primary underline"
    >
      Back to Reports
    </Link>
  );
}

/** /vehicle/{vehicleId}/installation (§2): photos, notes and the upload summary of one vehicle. */
export function InstallationScreen({ vehicleId }: { vehicleId: number }) {
  const vehicle = useVehicle(vehicleId);
  const phase = queryPhase(vehicle);
  if (phase === 'offline')
    return (
      <>
        <PageHeader title="Installation" />
        <NothingSavedState noun="installation record" query={vehicle} />
        <BackToReports />
      </>
    );
  if (phase === 'loading')
    return (
      <>
        <PageHeader title="Installation" />
        <p>Loading vehicle...</p>
      </>
    );
  if (vehicle.data === undefined)
    return (
      <>
        <PageHeader title="Installation" />
        <p role="alert" className="mb-4">
          Vehicle not found, or it could not be loaded. Check the connection and try again.
        </p>
        <BackToReports />
      </>
    );
  const v = vehicle.data;
  return (
    <>
      <PageHeader
        title={`Installation: ${v.vehicleId}`}
        subtitle={
          [v.description, v.make, v.model, v.year].filter((x) => x !== null && x !== '').join(' · ') ||
          undefined
        }
        actions={<BackToReports />}
      />
      <SavedCopyNotice query={vehicle} what="vehicle" />
      <div className="grid gap-4">
        <PhotoSection vehicle={v} />
        <NoteSection vehicleId={v.id} />
        <UploadSummary vehicleId={v.id} />
      </div>
    </>
  );
}
