import type { ReactNode } from 'react';
import '../call-scripts.css';

/**
 * Puts the feedback panel beside the form on a desk screen and below it on a narrow one
 *. The form comes first in the DOM, so keyboard and screen-reader order is
 * form, then panel, whatever the width.
 */
export function DeskLayout({ form, panel }: { form: ReactNode; panel: ReactNode }) {
  return (
    <div className="cd-desk-layout">
      <div className="cd-desk-layout__form">{form}</div>
      {/* Focusable: on a desk screen the panel scrolls on its own, and keyboard users must be able to scroll it. */}
      <aside className="cd-desk-layout__panel" aria-label="Feedback and call script" tabIndex={0}>
        {panel}
      </aside>
    </div>
  );
}
