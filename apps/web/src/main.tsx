import './index.css';
import { startEarlyVerify } from './features/auth/api/early-verify.ts';
import { capturePrerenderedForm } from './lib/prerendered-form.ts';
import { afterFirstPaint } from './first-paint.ts';
import { preloadAfterPaint } from './preload-after-paint.ts';

/**
 * The entry is tiny on purpose: the page's static shell is painted first, then the app starts. Its
 * code is already on its way (the server preloads it with the page; a prerendered page, once it has
 * painted: preload-after-paint.ts), so waiting for the first paint (first-paint.ts) costs nothing
 * on a slow connection and keeps a slow phone from parsing the app before the first paint.
 */
function start(container: HTMLElement): void {
  preloadAfterPaint();
  // Started in a task of its own, not in the one that evaluated the app's code: two shorter tasks
  // instead of one long one, so a tap on a slow phone is answered between them (decision 031).
  void import('./app/start.tsx').then(({ startApp }) => setTimeout(() => startApp(container), 0));
}

// A stored session is verified from the first moment, while the app's code is still on its way.
startEarlyVerify();
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
// The static sign-in form (login.html) is watched from the first moment a script runs, not from the
// app's start: a tap on its checkbox and the field last focused are kept while the app still loads.
capturePrerenderedForm();
if (document.visibilityState === 'hidden') start(container);
else afterFirstPaint(() => start(container));
