import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { buttonClasses } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { PageHeader } from './page-header.tsx';

type NoClientSelectedProps = {
  /** The screen's title, kept as the page's heading. */
  title: string;
  /** What the screen would show ('its fleet'): 'Choose a transit agency to see {what}.' */
  what: string;
};

/** §2: a client-scoped screen without a selected client: 'No Client Selected' and 'Select Client'. */
export function NoClientSelected({ title, what }: NoClientSelectedProps) {
  return (
    <>
      <PageHeader title={title} />
      <Card className="grid gap-3 text-center">
        <h2 className="text-xl font-bold">No Client Selected</h2>
        <p className="text-muted-foreground">Choose a transit agency to see {what}.</p>
        <Link to={paths.clients} className={`${buttonClasses('primary', 'md')} mx-auto`}>
          Select Client
        </Link>
      </Card>
    </>
  );
}
