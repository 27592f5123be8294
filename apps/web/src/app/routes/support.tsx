import { ComingSoon } from '../../components/layout/coming-soon.tsx';
import { PageHeader } from '../../components/layout/page-header.tsx';

export function Component() {
  return (
    <>
      <PageHeader title="Support" />
      <ComingSoon what="Mood tracker, app tour, requests and support" />
    </>
  );
}
