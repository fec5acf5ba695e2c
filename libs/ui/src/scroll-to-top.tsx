import { LIMITS } from '@clearing-desk/contracts';
import { useEffect, useState } from 'react';

export type ScrollToTopProps = {
  /** Pixels scrolled before the button appears (spec section 9: 500). */
  threshold?: number;
  /** Element that receives focus after scrolling up, so keyboard users start from the top too. */
  focusTargetId?: string;
  label?: string;
};

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** "Back to top" button that appears once the page has been scrolled `threshold` pixels. */
export function ScrollToTop({ threshold = LIMITS.SCROLL_TOP_THRESHOLD_PX, focusTargetId, label = 'Back to top' }: ScrollToTopProps) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY >= threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);

  if (!visible) return null;

  const onClick = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    const target = focusTargetId ? document.getElementById(focusTargetId) : null;
    if (target) {
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
  };

  return (
    <button type="button" className="cd-scroll-to-top" onClick={onClick}>
      <span aria-hidden="true">▲ </span>
      {label}
    </button>
  );
}
