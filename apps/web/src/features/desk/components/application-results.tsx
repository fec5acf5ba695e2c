import {
  APPLICATION_LISTING_COLUMNS,
  APPLICATION_STATUSES,
  APPLICATION_SUB_STATUSES,
  type ApplicationSearchRow,
  countryName,
  displayCourseCode,
  NO_RESULTS,
  NOT_AVAILABLE,
  waitingDuration,
  waitingTime,
  visaStateLabel,
  ucasAddedLabel,
} from '@clearing-desk/contracts';
import { buttonClassName, Table, Tag, type TableColumn } from '@clearing-desk/ui';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DESK_TEXTS } from '../texts';

const statusLabel = (status: ApplicationSearchRow['STATUS']): string => (status ? APPLICATION_STATUSES[status] : NOT_AVAILABLE);
const subStatusLabel = (sub: ApplicationSearchRow['SUB_STATUS']): string | null => (sub ? APPLICATION_SUB_STATUSES[sub] : null);

const columns = (listingSearch: string, now: Date): TableColumn<ApplicationSearchRow>[] => [
  { id: 'id', header: APPLICATION_LISTING_COLUMNS.APPLICATION_ID, cell: (row) => `${row.STUDENT_ID}/${row.APPLICATION_ID}` },
  { id: 'course', header: APPLICATION_LISTING_COLUMNS.COURSE, cell: (row) => displayCourseCode(row) },
  { id: 'name', header: APPLICATION_LISTING_COLUMNS.NAME, cell: (row) => `${row.NAME1} ${row.NAME2}`.trim() },
  { id: 'email', header: APPLICATION_LISTING_COLUMNS.EMAIL, cell: (row) => <span className="cd-break-word">{row.EMAIL}</span> },
  { id: 'ucas', header: APPLICATION_LISTING_COLUMNS.UCAS_PERSONAL_ID, cell: (row) => row.UCAS_PERSONAL_ID || '' },
  { id: 'nationality', header: APPLICATION_LISTING_COLUMNS.NATIONALITY, cell: (row) => countryName(row.NATIONALITY) },
  {
    id: 'status',
    header: APPLICATION_LISTING_COLUMNS.STATUS,
    cell: (row) => (
      <>
        <span className="cd-block">{statusLabel(row.STATUS)}</span>
        {subStatusLabel(row.SUB_STATUS) && <span className="cd-block cd-secondary-text">{subStatusLabel(row.SUB_STATUS)}</span>}
        {ucasAddedLabel(row.UCAS_ADDED_AT) && <Tag colour="green">{ucasAddedLabel(row.UCAS_ADDED_AT)}</Tag>}
      </>
    ),
  },
  { id: 'visa', header: APPLICATION_LISTING_COLUMNS.VISA_STATUS, cell: (row) => visaStateLabel(row.VISA_STATUS) ?? '' },
  {
    id: 'waiting',
    header: APPLICATION_LISTING_COLUMNS.WAITING,
    cell: (row) => <time dateTime={waitingDuration(row.SUBMITTED_AT, now)}>{waitingTime(row.SUBMITTED_AT, now)}</time>,
  },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (row) => {
      const who = `${row.STUDENT_ID}/${row.APPLICATION_ID}`;
      return (
        <div className="cd-button-group cd-application-actions">
          <Link
            className={buttonClassName('secondary', 'cd-button--small')}
            to={paths.applicationEdit.getHref(row.STUDENT_ID, row.UCAS_CODE)}
            state={{ listingSearch }}
            aria-label={`${DESK_TEXTS.EDIT} ${who}`}
          >
            {DESK_TEXTS.EDIT}
          </Link>
          {row.VISA_STATUS && (
            <Link
              className={buttonClassName('secondary', 'cd-button--small')}
              to={paths.visa.getHref(row.STUDENT_ID, row.UCAS_CODE)}
              state={{ listingSearch }}
              aria-label={`${DESK_TEXTS.VISA} ${who}`}
            >
              {DESK_TEXTS.VISA}
            </Link>
          )}
        </div>
      );
    },
  },
];

type ApplicationResultsProps = {
  rows: readonly ApplicationSearchRow[];
  /** The listing's query string, carried to the edit screen so 'Back to application listing' returns to it. */
  listingSearch: string;
  /** The moment the waits are counted to (when the rows arrived). */
  now: Date;
};

/**
 * The eight columns of spec section 2 and how long each has waited since submitted, Edit on every
 * row, Visa only with a visa status; 'No results' when empty.
 */
export function ApplicationResults({ rows, listingSearch, now }: ApplicationResultsProps) {
  if (rows.length === 0) return <p className="cd-body cd-no-results">{NO_RESULTS}</p>;
  return (
    <div className="cd-table-container">
      <Table
        caption={DESK_TEXTS.RESULTS_CAPTION}
        captionHidden
        columns={columns(listingSearch, now)}
        rows={rows}
        rowKey={(row) => `${row.STUDENT_ID}/${row.UCAS_CODE}`}
        className="cd-application-results"
      />
    </div>
  );
}
