import { Link, useParams } from 'react-router';
import { ComingSoon } from '../../components/layout/coming-soon.tsx';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  const { vehicleId = '' } = useParams();
  return (
    <>
      <PageHeader title={`Installation: vehicle ${vehicleId}`} />
      <ComingSoon what="Installation photos and notes" />
      <Link
        to={paths.reports}
        className="mt-4 inline-flex min-h-11 items-center font-semibold text-primary underline"
      >
        Back to Reports
      </Link>
    </>
  );
}
