import { FIGURES_REFRESH_MS, figuresResponseSchema, type FiguresResponse } from '@clearing-desk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { STAFF_QUERY_META } from '@/lib/auth';
import { figuresKeys } from './figures-keys';

/** GET /api/admin/figures?margin=…: the figures of the courses the user may report on. */
export const getFigures = (margin: number, signal?: AbortSignal): Promise<FiguresResponse> =>
  api.get(apiPaths.figures(), figuresResponseSchema, { params: { margin }, signal });

/** Polled every FIGURES_REFRESH_MS (also in a background tab: managers keep it open on a second screen). */
export const getFiguresQueryOptions = (margin: number) =>
  queryOptions({
    queryKey: figuresKeys.detail(margin),
    queryFn: ({ signal }) => getFigures(margin, signal),
    refetchInterval: FIGURES_REFRESH_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: STAFF_QUERY_META,
  });

export const useFigures = (margin: number) => useQuery(getFiguresQueryOptions(margin));

/** The CSV export's URL for a margin (a plain link: the browser downloads the attachment). */
export const figuresCsvHref = (margin: number): string => `${apiPaths.figuresCsv()}?margin=${margin}`;
