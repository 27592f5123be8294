import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { useSelectedClientId } from '../../../lib/use-selected-client.ts';
import { DailyActivityReportCard, DeviceStatusReportCard, InstallationReportCard } from './report-cards.tsx';
import { ReportHistory } from './report-history.tsx';
import { VehicleSearch } from './vehicle-search.tsx';

/** Reports (§2): three report cards, a vehicle search to the installation page, the history. */
export function ReportsScreen() {
  const clientId = useSelectedClientId();
  if (clientId === null)
    return (
      <>
        <PageHeader title="Reports" />
        <Card className="grid gap-3 text-center">
          <h2 className="text-xl font-bold">No Client Selected</h2>
          <p className="text-muted-foreground">Choose a transit agency to see its reports.</p>
          <Link to={paths.clients} className={`${buttonClasses('primary', 'md')} mx-auto`}>
            Select Client
          </Link>
        </Card>
      </>
    );
  return (
    <>
      <PageHeader title="Reports" />
      <div className="grid gap-4">
        <InstallationReportCard clientId={clientId} />
        <DeviceStatusReportCard clientId={clientId} />
        <DailyActivityReportCard clientId={clientId} />
        <VehicleSearch clientId={clientId} />
        <ReportHistory clientId={clientId} />
      </div>
    </>
  );
}
