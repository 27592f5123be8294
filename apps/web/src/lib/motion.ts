/**
 * How a scroll the app starts itself moves: smoothly, unless the phone asks for reduced motion (a
 * system setting; index.css follows it for transitions and CSS scrolling, but a script's
 * `behavior: 'smooth'` is not covered by CSS).
 */
export function scrollBehavior(): ScrollBehavior {
  const reduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? 'auto' : 'smooth';
}
