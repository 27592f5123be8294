import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';

export function Component() {
  return (
    <div className="grid gap-4 py-10 text-center">
      <p className="text-5xl font-bold text-muted-foreground" aria-hidden>
        404
      </p>
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.clients} className={buttonClasses('primary', 'md') + ' mx-auto'}>
        Go to Select Client
      </Link>
    </div>
  );
}
