import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { takeBackTarget } from '../../lib/route-history.ts';
import { clearSelectedClientId } from '../../lib/storage.ts';
import { Button } from '../ui/button.tsx';

/**
 * 'Back to Clients' (§2): the previous route of the last 10, else /clients. On the fleet overview it
 * is the header back button that also clears the selected client.
 */
export function BackButton() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onBack = () => {
    if (pathname === paths.overview) {
      clearSelectedClientId();
      takeBackTarget();
      void navigate(paths.clients);
      return;
    }
    void navigate(takeBackTarget(paths.clients));
  };
  return (
    <Button
      variant="ghost"
      onClick={onBack}
      className="-ml-2 shrink-0 gap-1! px-2 text-sm! whitespace-nowrap"
    >
      <ArrowLeft aria-hidden className="size-5" />
      Back to Clients
    </Button>
  );
}
