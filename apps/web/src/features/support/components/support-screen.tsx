import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useSelectedClientId } from '../../../lib/use-selected-client.ts';
import { AppTourPanel } from './app-tour-panel.tsx';
import { MoodEntryForm } from './mood-form.tsx';
import { MoodStatistics } from './mood-statistics.tsx';
import { RecentMoods } from './recent-moods.tsx';
import { AddVehicleForm, RequestAccessForm, SupportMessageForm } from './request-forms.tsx';
import { SupportRequestList } from './support-request-list.tsx';

const TABS = [
  { value: 'mood', label: 'Mood Tracker' },
  { value: 'tour', label: 'App Tour' },
  { value: 'add-vehicle', label: 'Add Vehicle' },
  { value: 'request-access', label: 'Request Access' },
  { value: 'support', label: 'Support' },
] as const;

/** Support (§2): Mood Tracker, App Tour, Add Vehicle, Request Access and Support. */
export function SupportScreen() {
  const clientId = useSelectedClientId();
  return (
    <>
      <PageHeader title="Support" subtitle="Mood tracker, the app tour, requests and help" />
      <Tabs defaultValue="mood">
        <TabsList aria-label="Support sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="mood" className="grid gap-4">
          <MoodEntryForm clientId={clientId} />
          <RecentMoods />
          <MoodStatistics />
        </TabsContent>
        <TabsContent value="tour">
          <AppTourPanel />
        </TabsContent>
        <TabsContent value="add-vehicle" className="grid gap-4">
          <AddVehicleForm />
          <SupportRequestList />
        </TabsContent>
        <TabsContent value="request-access" className="grid gap-4">
          <RequestAccessForm />
          <SupportRequestList />
        </TabsContent>
        <TabsContent value="support" className="grid gap-4">
          <SupportMessageForm />
          <SupportRequestList />
        </TabsContent>
      </Tabs>
    </>
  );
}
