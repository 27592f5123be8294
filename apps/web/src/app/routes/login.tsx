import { LoginScreen } from '../../features/auth/components/login-screen.tsx';

export function Component() {
  return <LoginScreen />;
}
