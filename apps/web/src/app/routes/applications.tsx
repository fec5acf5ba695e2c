import { FIND_APPLICATION_TEXTS as TEXTS, SPECIALIST_ENQUIRY_URL, type WorkQueueItem } from '@clearing-desk/contracts';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApplicationSearch } from '@/features/desk/components/application-search';
import { NextCall } from '@/features/desk/components/next-call';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { handOverCaller } from '@/lib/queue-caller';

/**
 * /applications (staff): 'Next call' (the work queue, docs/domain/work-queue.md), then 'Find an
 * application' (spec sections 1 and 2): the opening script prompt
 * and notes (reference look-up, the specialist-enquiry link, course search to apply), then the
 * listing with its filters in the URL.
 */
export function ApplicationsRoute() {
  useDocumentTitle(TEXTS.HEADING);
  const navigate = useNavigate();
  // A booked call without an application opens the phone entry prefilled with the caller; any other item its application.
  const open = (item: WorkQueueItem) => {
    if (!item.CALLER) return navigate(paths.applicationEdit.getHref(item.STUDENT_ID, item.UCAS_CODE), { state: { queueItem: item } });
    handOverCaller(item);
    return navigate(paths.apply.step.getHref(item.UCAS_CODE, 'personal-details'));
  };
  return (
    <>
      <h1 className="cd-heading-xl">{TEXTS.HEADING}</h1>
      {/* The work queue first: the adviser's most urgent call, opened with why it is next. */}
      <NextCall onTaken={(item) => void open(item)} />
      <p className="cd-body-l">{TEXTS.OPENING_PROMPT}</p>
      <ul className="cd-list cd-list--bullet">
        <li>{TEXTS.REFERENCE_NOTE}</li>
        <li>
          {TEXTS.SPECIALIST_NOTE}{' '}
          {SPECIALIST_ENQUIRY_URL ? (
            <a className="cd-link" href={SPECIALIST_ENQUIRY_URL}>
              {TEXTS.SPECIALIST_LINK}
            </a>
          ) : (
            TEXTS.SPECIALIST_LINK
          )}
          .
        </li>
        <li>
          {TEXTS.APPLY_NOTE}{' '}
          <Link className="cd-link" to={paths.staff.getHref()}>
            {TEXTS.COURSE_SEARCH_LINK}
          </Link>
          .
        </li>
      </ul>
      <ApplicationSearch />
    </>
  );
}

export { ApplicationsRoute as Component };
