import {
  FIGURES_MARGIN_DEFAULT,
  FIGURES_MARGIN_MAX,
  EMAIL_HISTORY_TEXTS,
  FIGURES_COLUMNS as C,
  figuresPeriodHeading,
  FIGURES_TEXTS,
  FILL_STATE_TEXTS,
  timeToFullText,
  type FiguresCourseRow,
  type FiguresResponse,
  type FiguresTotals,
} from '@clearing-desk/contracts';
import { Button, ErrorSummary, Notice, Select, Spinner, SummaryList, Table, Tag, TextInput, WarningText, type TableColumn } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatApiError } from '@/lib/api-client';
import { figuresCsvHref, useFigures } from '../api/get-figures';
import { courseView, type CourseShow, type CourseSort, type CourseView } from '../lib/course-view';
import { FIGURES_SCREEN_TEXTS as T } from '../texts';
import { ApplicationsPerHourChart } from './applications-per-hour-chart';

const MARGIN_ID = 'figures-margin';
const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', timeZone: 'Europe/London' });
const guardTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/London' });

/**
 * Columns both tables share: today, totals by status (invitations apart from offers), decisions,
 * calls, Clearing places left (the places ledger, as course control shows) and public vacancies.
 */
function countColumns<R extends FiguresTotals | FiguresCourseRow>(places: (row: R) => { left: number; vacancies: number }): TableColumn<R>[] {
  return [
    // Pairs and triples share a column (their headings the contracts' own, joined) so the course table fits a 1,280 px screen.
    {
      id: 'applications',
      header: `${C.STATUS.applications} ${C.TODAY.toLowerCase()} / ${C.TOTAL.toLowerCase()}`,
      cell: (r) => `${r.today.applications} / ${r.total.applications}`,
    },
    { id: 'offered', header: C.STATUS.offered, cell: (r) => r.total.offered },
    { id: 'invited', header: C.STATUS.invited, cell: (r) => r.total.invited },
    {
      id: 'other-decisions',
      header: `${C.STATUS.referred} / ${C.STATUS.pooled.toLowerCase()} / ${C.STATUS.rejected.toLowerCase()}`,
      cell: (r) => `${r.total.referred} / ${r.total.pooled} / ${r.total.rejected}`,
    },
    { id: 'waiting', header: C.STATUS.waiting, cell: (r) => r.total.waiting },
    { id: 'decisions', header: `${C.AUTOMATIC_DECISIONS} / ${C.ADVISER_DECISIONS.toLowerCase()}`, cell: (r) => `${r.automatic} / ${r.adviser}` },
    { id: 'calls', header: C.OUTBOUND_CALLS, cell: (r) => r.outboundCalls },
    { id: 'places-left', header: C.PLACES_LEFT, cell: (r) => places(r).left },
    { id: 'public-vacancies', header: C.PUBLIC_VACANCIES, cell: (r) => places(r).vacancies },
  ];
}

const courseColumns = (margin: number): TableColumn<FiguresCourseRow>[] => [
  {
    id: 'course',
    header: C.COURSE,
    cell: (r) => (
      <>
        <span className="cd-block">
          {r.COURSE_TITLE} {r.QUALIFICATION}
        </span>
        <span className="cd-block cd-secondary-text">{r.COURSE_CODE_OVERRIDE?.trim() ? r.COURSE_CODE_OVERRIDE : r.UCAS_CODE}</span>
        {r.overOffered && <Tag colour="red">{FIGURES_TEXTS.OVER_OFFER(margin)}</Tag>}
      </>
    ),
  },
  {
    id: 'time-to-full',
    header: C.TIME_TO_FULL,
    cell: (r) => (
      <>
        {/* Red for the two states a supervisor acts on; 'Full' is both the forecast and the state, so said once. */}
        {r.FILL_STATE === 'full' ? <Tag colour="red">{FILL_STATE_TEXTS.full}</Tag> : <span className="cd-block">{timeToFullText(r.MINUTES_TO_FULL)}</span>}
        {r.FILL_STATE === 'filling-fast' && <Tag colour="red">{FILL_STATE_TEXTS['filling-fast']}</Tag>}
        <span className="cd-block cd-secondary-text">{T.OFFERS_LAST_HOUR(r.OFFERS_LAST_15, r.OFFERS_LAST_60)}</span>
      </>
    ),
  },
  ...countColumns<FiguresCourseRow>((r) => ({ left: r.VACANCIES_INTERNAL, vacancies: r.VACANCIES_EXTERNAL })),
  // The places ledger.
  { id: 'clearing-places', header: C.CLEARING_PLACES, cell: (r) => r.CLEARING_PLACES },
  { id: 'offer-allowance', header: C.OFFER_ALLOWANCE, cell: (r) => r.OFFER_ALLOWANCE.toFixed(2) },
  { id: 'offers-counting', header: C.OFFERS_COUNTING, cell: (r) => r.OFFERS_COUNTING },
  {
    id: 'guard',
    header: T.GUARD,
    cell: (r) =>
      r.LAST_GUARD_CLOSE || r.LAST_GUARD_REOPEN ? (
        <>
          {r.LAST_GUARD_CLOSE && <span className="cd-block">{T.GUARD_CLOSED(guardTime.format(new Date(r.LAST_GUARD_CLOSE)))}</span>}
          {r.LAST_GUARD_REOPEN && <span className="cd-block">{T.GUARD_REOPENED(guardTime.format(new Date(r.LAST_GUARD_REOPEN)))}</span>}
        </>
      ) : (
        T.GUARD_NEVER
      ),
  },
];

const schoolColumns: TableColumn<FiguresResponse['schools'][number]>[] = [
  { id: 'school', header: C.SCHOOL, cell: (s) => s.SCHOOL_NAME },
  ...countColumns<FiguresResponse['schools'][number]>((s) => ({ left: s.placesLeft, vacancies: s.publicVacancies })),
];

/**
 * /staff/figures: live figures of the user's courses, polled every 15 seconds; the
 * over-offer margin is the manager's (kept in the page, sent with each request); CSV download of
 * the same figures. Updates are not announced (they would interrupt every 15 s); the time of the
 * last update is shown.
 */
export function Figures() {
  useDocumentTitle(T.HEADING);
  const [margin, setMargin] = useState(FIGURES_MARGIN_DEFAULT);
  const [marginText, setMarginText] = useState(String(FIGURES_MARGIN_DEFAULT));
  const [marginError, setMarginError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const figures = useFigures(margin);

  const applyMargin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    const text = marginText.trim();
    const n = Number(text);
    if (!/^\d+$/.test(text) || n > FIGURES_MARGIN_MAX) {
      setMarginError(T.MARGIN_ERROR);
      return;
    }
    setMarginError(null);
    setMargin(n);
  };

  return (
    <>
      <ErrorSummary key={attempt} errors={marginError ? [{ fieldId: MARGIN_ID, message: marginError }] : []} />
      <h1 className="cd-heading-l">{T.HEADING}</h1>
      <p className="cd-body">{T.INTRO}</p>
      <form onSubmit={applyMargin} noValidate className="cd-figures-margin">
        <TextInput
          id={MARGIN_ID}
          name="margin"
          label={T.MARGIN_LABEL}
          hint={T.MARGIN_HINT}
          error={marginError}
          value={marginText}
          inputMode="numeric"
          width="4"
          onChange={(event) => setMarginText(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {T.MARGIN_APPLY}
        </Button>
      </form>
      {figures.isPending && <Spinner label={T.LOADING} />}
      {figures.isError && !figures.data && <Notice variant="error">{formatApiError(figures.error)}</Notice>}
      {figures.data && <FiguresContent figures={figures.data} />}
    </>
  );
}

function FiguresContent({ figures }: { figures: FiguresResponse }) {
  const o = figures.overall;
  return (
    <>
      <p className="cd-body cd-secondary-text">{T.UPDATED(time.format(new Date(figures.generatedAt)))}</p>
      <p className="cd-body">
        <a className="cd-link" href={figuresCsvHref(figures.margin)} download>
          {T.DOWNLOAD_CSV}
        </a>
      </p>
      <p className="cd-body">
        <Link className="cd-link" to={paths.staffWallboard.getHref()}>
          {T.WALLBOARD_LINK}
        </Link>
      </p>
      {o.overOffered > 0 && <WarningText>{T.OVER_OFFERED_COURSES(o.overOffered)}</WarningText>}
      <h2 className="cd-heading-m">{T.OVERALL_HEADING}</h2>
      <SummaryList
        rows={[
          { key: figuresPeriodHeading('applications', 'today'), value: String(o.today.applications) },
          { key: figuresPeriodHeading('applications', 'total'), value: String(o.total.applications) },
          { key: C.STATUS.offered, value: String(o.total.offered) },
          { key: C.STATUS.invited, value: String(o.total.invited) },
          { key: C.STATUS.referred, value: String(o.total.referred) },
          { key: C.STATUS.pooled, value: String(o.total.pooled) },
          { key: C.STATUS.rejected, value: String(o.total.rejected) },
          { key: C.STATUS.waiting, value: String(o.total.waiting) },
          { key: C.AUTOMATIC_DECISIONS, value: String(o.automatic) },
          { key: C.ADVISER_DECISIONS, value: String(o.adviser) },
          { key: C.OUTBOUND_CALLS, value: String(o.outboundCalls) },
          { key: C.PLACES_LEFT, value: String(o.placesLeft) },
          { key: C.PUBLIC_VACANCIES, value: String(o.publicVacancies) },
          ...(figures.emails
            ? [
                {
                  key: EMAIL_HISTORY_TEXTS.FIGURES_FAILED,
                  // The count leads to the emails themselves, each with a Resend.
                  value: (
                    <Link className="cd-link" to={paths.staffFailedEmails.getHref()} aria-label={T.FAILED_EMAILS_LINK(figures.emails.failed)}>
                      {figures.emails.failed}
                    </Link>
                  ),
                },
                { key: EMAIL_HISTORY_TEXTS.FIGURES_WAITING, value: String(figures.emails.queued) },
              ]
            : [{ key: EMAIL_HISTORY_TEXTS.FIGURES_FAILED, value: EMAIL_HISTORY_TEXTS.FIGURES_UNAVAILABLE }]),
        ]}
      />
      <h2 className="cd-heading-m">{T.CHART_HEADING}</h2>
      <ApplicationsPerHourChart perHour={figures.perHour} />
      <h2 className="cd-heading-m">{T.SCHOOLS_HEADING}</h2>
      <div className="cd-table-container">
        <Table caption={T.SCHOOLS_CAPTION} captionHidden columns={schoolColumns} rows={figures.schools} rowKey={(s) => s.SCHOOL} />
      </div>
      <h2 className="cd-heading-m">{T.COURSES_HEADING}</h2>
      <CourseFigures figures={figures} />
    </>
  );
}

const SHOW_OPTIONS = [
  { value: 'all', label: T.SHOW_ALL },
  { value: 'full', label: FILL_STATE_TEXTS.full },
  { value: 'filling-fast', label: FILL_STATE_TEXTS['filling-fast'] },
] as const;
const SORT_OPTIONS = [
  { value: 'course', label: T.SORT_COURSE },
  { value: 'time-to-full', label: T.SORT_TIME_TO_FULL },
] as const;

/**
 * The per-course table with its search, 'Full' / 'Filling fast' filter and sort by time to full,
 * applied as they change (the count of courses shown is a polite status, so a screen reader
 * hears what the change did without losing its place).
 */
function CourseFigures({ figures }: { figures: FiguresResponse }) {
  const [view, setView] = useState<CourseView>({ search: '', show: 'all', sort: 'course' });
  const rows = courseView(figures.courses, view);
  return (
    <>
      <div className="cd-figures-controls">
        <TextInput
          id="figures-search"
          label={T.SEARCH_LABEL}
          hint={T.SEARCH_HINT}
          type="search"
          value={view.search}
          onChange={(event) => setView({ ...view, search: event.target.value })}
        />
        <Select
          id="figures-show"
          label={T.SHOW_LABEL}
          options={SHOW_OPTIONS}
          value={view.show}
          onChange={(event) => setView({ ...view, show: event.target.value as CourseShow })}
        />
        <Select
          id="figures-sort"
          label={T.SORT_LABEL}
          options={SORT_OPTIONS}
          value={view.sort}
          onChange={(event) => setView({ ...view, sort: event.target.value as CourseSort })}
        />
      </div>
      <p className="cd-body" role="status">
        {T.COURSES_SHOWN(rows.length, figures.courses.length)}
      </p>
      <div className="cd-table-container cd-figures-courses">
        <Table caption={T.COURSES_CAPTION} captionHidden columns={courseColumns(figures.margin)} rows={rows} rowKey={(r) => r.UCAS_CODE} />
      </div>
    </>
  );
}
