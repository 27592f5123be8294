import type { LoginInput } from '@toolkit/contracts/auth.ts';
import { POST_LOGIN_REDIRECT_MS } from '@toolkit/contracts/constants.ts';
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { isMobileAgent } from '../../../lib/is-mobile.ts';
import { findPrerenderedForm, forgetPrerenderedForm } from '../../../lib/prerendered-form.ts';
import { getToken, setToken } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast-store.ts';
import { INVALID_CODE, isCodeStep, LOGIN_FAILED, useLogin } from '../api/login.ts';
import { setCurrentUser } from '../session-store.ts';
import { readableError } from '../../../lib/api-error.ts';
import { OneTimeCodeField, type CodeStep } from './one-time-code-field.tsx';

const TOKEN_STORAGE_FAILED = 'Token storage failed - please try again';

type LoginSchema = typeof import('@toolkit/contracts/auth.ts').LoginInputSchema;
type LoginFormValues = z.input<LoginSchema>;
type LoginFormOutput = z.output<LoginSchema>;

/**
 * Validates with the shared LoginInputSchema, loaded (with zod) on first submit so that the login
 * screen's first load stays small.
 */
const loginResolver: Resolver<LoginFormValues, unknown, LoginFormOutput> = async (
  values,
  context,
  options,
) => {
  const [{ zodResolver }, { LoginInputSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@toolkit/contracts/auth.ts'),
  ]);
  return zodResolver(LoginInputSchema)(values, context, options);
};

const noSubscription = () => () => undefined;
/** The page is prerendered as a phone sees it: the hint shows while the app hydrates it, then follows the device. */
const prerenderedAsMobile = () => true;

export function LoginForm() {
  const id = useId();
  const navigate = useNavigate();
  const login = useLogin();
  const mobile = useSyncExternalStore(noSubscription, isMobileAgent, prerenderedAsMobile);
  const formRef = useRef<HTMLFormElement>(null);
  // One sign-in at a time: a second Enter while one is on its way is not a second sign-in.
  const inFlight = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const form = useForm<LoginFormValues, unknown, LoginFormOutput>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const { errors } = form.formState;
  // The platform asked for a one-time code (issue 32): its field shows until the username changes.
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  useEffect(() => {
    if (codeStep) form.setFocus('code');
  }, [codeStep, form]);
  // The page's static login form (login.html). Hydrated, it is this very form and keeps what was
  // typed (decision 034); were it replaced instead, what was typed into it is carried over here.
  const [prerendered] = useState(findPrerenderedForm);
  useLayoutEffect(() => {
    if (!prerendered || prerendered.element.isConnected) return;
    const { values, focused, checked } = prerendered.read();
    if (values.username) form.setValue('username', values.username);
    if (checked.remember !== undefined) form.setValue('rememberMe', checked.remember);
    if (values.password) form.setValue('password', values.password);
    if (focused === 'username' || focused === 'password') form.setFocus(focused);
    // Sent before the app ran: sent now, once, with what the form holds.
    if (prerendered.takeSubmitRequest()) setTimeout(() => formRef.current?.requestSubmit(), 0);
  }, [form, prerendered]);

  const onSubmit = (values: LoginFormOutput) => {
    const input: LoginInput = values;
    login.mutate(input, {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: (data) => {
        setToken(data.token, values.rememberMe);
        if (getToken() !== data.token) {
          toast({ title: LOGIN_FAILED, description: TOKEN_STORAGE_FAILED, variant: 'destructive' });
          return;
        }
        setCurrentUser(data.user);
        forgetPrerenderedForm();
        toast({
          title: 'Login successful',
          description: `Welcome back, ${data.user.name}!${values.rememberMe ? ' (remembered)' : ' (session only)'}`,
        });
        redirectTimer.current = setTimeout(() => void navigate('/clients'), POST_LOGIN_REDIRECT_MS);
      },
      onError: (error) => {
        if (isCodeStep(error)) {
          const wrong = error.code === INVALID_CODE;
          setCodeStep({ message: error.message, wrong });
          // A code asked for is the next step, not a failure: no 'Login failed' for it.
          if (!wrong) return;
          form.setValue('code', '');
        }
        toast({
          title: LOGIN_FAILED,
          description: readableError(error, LOGIN_FAILED),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        if (inFlight.current) {
          e.preventDefault();
          return;
        }
        inFlight.current = true;
        void form
          .handleSubmit(onSubmit, () => {
            inFlight.current = false;
          })(e)
          .catch(() => {
            inFlight.current = false;
          });
      }}
      className="grid gap-5"
    >
      <div>
        <Label htmlFor={`${id}-username`}>Username or email</Label>
        <Input
          id={`${id}-username`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          className="mt-1"
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${id}-username-error` : undefined}
          {...form.register('username', { onChange: () => setCodeStep(null) })}
        />
        <FieldError id={`${id}-username-error`} message={errors.username?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          className="mt-1"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          {...form.register('password')}
        />
        <FieldError id={`${id}-password-error`} message={errors.password?.message} />
        {login.isError && !isCodeStep(login.error) && (
          <p role="alert" className="mt-2 font-semibold text-destructive">
            {readableError(login.error, LOGIN_FAILED)}
          </p>
        )}
      </div>
      {codeStep && (
        <OneTimeCodeField
          id={id}
          step={codeStep}
          fieldError={errors.code?.message}
          registration={form.register('code', { shouldUnregister: true })}
        />
      )}
      <Controller
        control={form.control}
        name="rememberMe"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Checkbox
              id={`${id}-remember`}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-describedby={mobile ? `${id}-remember-hint` : undefined}
              className="size-11"
            />
            <div>
              <Label htmlFor={`${id}-remember`} className="font-medium">
                Remember me on this device
              </Label>
              {mobile && (
                <p id={`${id}-remember-hint`} className="text-sm text-muted-foreground">
                  Recommended for mobile devices
                </p>
              )}
            </div>
          </div>
        )}
      />
      <Button type="submit" size="lg" disabled={login.isPending} className="w-full">
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
