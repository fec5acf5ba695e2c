import { useId, type ReactNode } from 'react';
import { classNames } from './class-names';

export type NoticeVariant = 'info' | 'success' | 'error';

export type NoticeProps = {
  title?: string;
  variant?: NoticeVariant;
  /** Announce at once (role="alert"): for messages that appear after a user action. */
  live?: boolean;
  children: ReactNode;
};

const DEFAULT_TITLES: Record<NoticeVariant, string> = {
  info: 'Important',
  success: 'Success',
  error: 'There is a problem',
};

/** Notification banner (GOV.UK pattern): a titled box for information the user must not miss. */
export function Notice({ title, variant = 'info', live = false, children }: NoticeProps) {
  const titleId = useId();
  return (
    <div className={classNames('cd-notice', `cd-notice--${variant}`)} role={live ? 'alert' : 'region'} aria-labelledby={titleId}>
      <div className="cd-notice__header">
        <h2 className="cd-notice__title" id={titleId}>
          {title ?? DEFAULT_TITLES[variant]}
        </h2>
      </div>
      <div className="cd-notice__content">{children}</div>
    </div>
  );
}
