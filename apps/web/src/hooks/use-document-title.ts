import { useEffect } from 'react';
import { SITE_NAME } from '@/config/site';

/** Sets the tab title to '{page} - Clearing Desk' (WCAG 2.4.2: each page has a descriptive title). */
export function useDocumentTitle(...parts: Array<string | null | undefined>): void {
  const title = [...parts.filter(Boolean), SITE_NAME].join(' - ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
