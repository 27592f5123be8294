import { Bus } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { LoginForm } from './login-form.tsx';

export function LoginScreen() {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-6 px-4 py-8">
      <div className="text-center">
        <div className="mx-auto mb-3 flex size-16 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
          <Bus aria-hidden className="size-9" />
        </div>
        <h1 className="text-3xl font-bold">Installer Toolkit</h1>
        <p className="mt-1 text-muted-foreground">Sign in to install, test and manage on-board equipment</p>
      </div>
      <Card className="p-5">
        <LoginForm />
      </Card>
      <div className="grid gap-2 text-center text-base text-muted-foreground">
        <p>Use the username or email and password of your fleet-management system account.</p>
        <p>Trouble signing in? Contact your fleet administrator or Installer Toolkit support.</p>
      </div>
    </main>
  );
}
