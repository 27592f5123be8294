import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../features/auth/index.ts';
import { CampaignsScreen } from '../../features/campaigns/components/installer/campaigns-screen.tsx';

/** The supervisor's "New campaign" (its form's code loads only for them). */
const NewCampaignButton = lazy(() =>
  import('../../features/campaigns/components/board/new-campaign.tsx').then((m) => ({
    default: m.NewCampaignButton,
  })),
);

/** /campaigns: the agency's active install campaigns; a supervisor (or admin) also starts one here. */
export function Component() {
  const user = useCurrentUser();
  const lead = user?.role === 'supervisor' || user?.role === 'admin';
  return (
    <CampaignsScreen
      actions={
        lead
          ? (clientId) => (
              <Suspense fallback={null}>
                <NewCampaignButton clientId={clientId} />
              </Suspense>
            )
          : undefined
      }
    />
  );
}
