import type { ComponentProps } from 'react';

/** Text for screen readers only (kept in the accessibility tree, hidden on screen). */
export function VisuallyHidden({ className, ...props }: ComponentProps<'span'>) {
  return <span className={className ? `cd-visually-hidden ${className}` : 'cd-visually-hidden'} {...props} />;
}
