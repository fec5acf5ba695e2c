import { isWebPage, PAGE_ROUTES } from '@clearing-desk/contracts';
import type { RouteObject } from 'react-router-dom';
import { routes } from '../router';

/** The full path of every page the route tree renders (layout routes add none; '*' is the 404). */
function pagePaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    if (route.path === '*') return [];
    const own = route.index || (route.path !== undefined && !route.children?.some((child) => child.index)) ? [path] : [];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}

describe('page routes (declared once, in contracts)', () => {
  it('renders exactly the pages of PAGE_ROUTES, which the gateway serves and nothing else', () => {
    expect(new Set(pagePaths(routes))).toEqual(new Set(Object.values(PAGE_ROUTES)));
  });

  it('lets the gateway tell a page from a mistyped address', () => {
    expect(isWebPage('apply/G400/qualifications')).toBe(true);
    expect(isWebPage('apply/G400/step-4')).toBe(false);
  });
});
