import type { ReactNode, Ref } from 'react';

export type PanelProps = {
  title: ReactNode;
  children?: ReactNode;
  /** The title is the page's h1; give it a ref to move focus there. */
  titleRef?: Ref<HTMLHeadingElement>;
};

/** Confirmation panel (GOV.UK pattern): the outcome of a finished transaction, in a green box. */
export function Panel({ title, children, titleRef }: PanelProps) {
  return (
    <div className="cd-panel">
      <h1 className="cd-panel__title" tabIndex={-1} ref={titleRef}>
        {title}
      </h1>
      {children && <div className="cd-panel__body">{children}</div>}
    </div>
  );
}
