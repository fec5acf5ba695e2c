import type { StaffUser } from '@clearing-desk/contracts';
import { ScrollToTop, SkipLink } from '@clearing-desk/ui';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '@/config/site';
import { Footer } from './footer';
import { Header, type HeaderAccountProps } from './header';

type LayoutProps = HeaderAccountProps & { user: StaffUser | null; children: ReactNode };

/** Page frame: skip link, header, main landmark, footer, back-to-top button. */
export function Layout({ user, children, ...account }: LayoutProps) {
  return (
    <div className="cd-page">
      <SkipLink targetId={MAIN_CONTENT_ID} />
      <Header user={user} {...account} />
      <div className="cd-main-wrapper">
        <div className="cd-width-container">
          <main id={MAIN_CONTENT_ID} className="cd-main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </div>
      <Footer />
      <ScrollToTop focusTargetId={MAIN_CONTENT_ID} />
    </div>
  );
}
