import { onTestFinished, vi, type Mock } from 'vitest';

/**
 * jsdom has no layout, so no `Element.scrollIntoView`: a recording stand-in for this test, removed
 * after it. Returns the mock to assert on.
 */
export function stubScrollIntoView(): Mock<(options?: boolean | ScrollIntoViewOptions) => void> {
  const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
  const scrollIntoView = vi.fn<(options?: boolean | ScrollIntoViewOptions) => void>();
  Element.prototype.scrollIntoView = scrollIntoView;
  onTestFinished(() => {
    if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
    else Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });
  return scrollIntoView;
}
