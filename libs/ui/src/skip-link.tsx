import type { MouseEvent } from 'react';

export type SkipLinkProps = { targetId?: string; children?: string };

/** First focusable element of the page: jumps keyboard users past the header to the main content. */
export function SkipLink({ targetId = 'main-content', children = 'Skip to main content' }: SkipLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    // Move focus ourselves: a client-side router may ignore the hash change.
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  };
  return (
    <a href={`#${targetId}`} className="cd-skip-link" onClick={onClick}>
      {children}
    </a>
  );
}
