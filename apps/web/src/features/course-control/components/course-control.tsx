import { canEditCourse, COURSE_UPDATE_MESSAGES, type CourseHistoryEntry, type EditableCourseField } from '@clearing-desk/contracts';
import { Button, ErrorSummary, Notice, Spinner, Table, type ErrorSummaryItem } from '@clearing-desk/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { adminCourseKeys, getAdminCourseQueryOptions } from '@/lib/admin-course';
import { ApiError, formatApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { CourseOpenControl } from '@/components/course-open-control';
import { useCourseHistory } from '../api/get-course-history';
import { useUpdateCourse } from '../api/update-course';
import { COURSE_CONTROL_TEXTS as T } from '../texts';
import { CourseControlForm } from './course-control-form';
import { courseUpdateFromForm, fieldId, FIELD_LABELS, type CourseFormValues, type FieldError } from '../utils/course-update-form';

const value = (v: string | number | boolean | null) => (v === null || v === '' ? '(blank)' : String(v));
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/London' });

/**
 * /staff/courses/{code}: course control for users with edit-course on the course.
 * Each save sends only the changed fields, validated with the contract first; errors show in
 * the error summary (focused) and at the fields; a save shows 'Course saved.' in a status region.
 * A 412 (someone else saved meanwhile) shows the conflict text and 'Reload course'. Close and
 * Reopen are explicit actions with a confirmation naming the course (CourseOpenControl).
 */
export function CourseControl({ ucasCode }: { ucasCode: string }) {
  const viewer = useUser()?.username ?? '';
  const course = useQuery({
    ...getAdminCourseQueryOptions(ucasCode, viewer),
    // The course page's cached copy may be old: read it again as the page opens, then never swap
    // the version under the form (a background refetch would send a newer ETag with older values).
    refetchOnMount: 'always',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const courseData = course.data?.courseData;
  useDocumentTitle(courseData ? T.HEADING(courseData.COURSE_TITLE, courseData.QUALIFICATION) : T.LOADING);
  const editable = canEditCourse(course.data?.access);
  const history = useCourseHistory(ucasCode, editable);
  const mutation = useUpdateCourse();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);

  if (course.isPending || (course.isFetching && !course.isFetchedAfterMount)) return <Spinner label={T.LOADING} />;
  if (course.isError || !courseData) return <Notice variant="error">{formatApiError(course.error)}</Notice>;

  const back = (
    <p className="cd-body">
      <Link className="cd-link" to={paths.staff.getHref({ q: ucasCode })}>
        {T.BACK}
      </Link>
    </p>
  );
  const heading = <h1 className="cd-heading-l">{T.HEADING(courseData.COURSE_TITLE, courseData.QUALIFICATION)}</h1>;
  if (!editable) {
    return (
      <>
        {back}
        {heading}
        <p className="cd-body">{COURSE_UPDATE_MESSAGES.FORBIDDEN}</p>
      </>
    );
  }

  const conflict = mutation.error instanceof ApiError && mutation.error.status === 412;
  const summary: ErrorSummaryItem[] = errors.map((e) => (e.field ? { fieldId: fieldId(e.field), message: e.message } : { message: e.message }));
  const fieldErrors: Partial<Record<EditableCourseField, string>> = {};
  for (const e of errors) if (e.field && !fieldErrors[e.field]) fieldErrors[e.field] = e.message;

  const save = (values: CourseFormValues) => {
    setAttempt((n) => n + 1);
    setNotice(null);
    mutation.reset();
    const { data, errors: found } = courseUpdateFromForm(values, courseData);
    setErrors(found);
    if (found.length > 0) return;
    if (!data) {
      setNotice(T.NO_CHANGES);
      return;
    }
    mutation.mutate(
      { ucasCode, data, opened: courseData, viewer },
      {
        onSuccess: () => {
          setNotice(COURSE_UPDATE_MESSAGES.SAVED);
          setFormKey((k) => k + 1);
        },
        onError: (error) => setErrors([{ field: null, message: error instanceof ApiError ? error.message : formatApiError(error) }]),
      },
    );
  };

  const reload = async () => {
    mutation.reset();
    setErrors([]);
    await queryClient.invalidateQueries({ queryKey: adminCourseKeys.detail(ucasCode, viewer) });
    setFormKey((k) => k + 1);
  };

  return (
    <>
      {back}
      <ErrorSummary key={`summary-${attempt}`} errors={summary} />
      {heading}
      <p className="cd-body">{T.INTRO}</p>
      <CourseOpenControl
        course={courseData}
        reopenVacancies={course.data?.reopenVacancies ?? null}
        viewer={viewer}
        onDone={() => {
          // The form shows the course as it is now (its vacancies and ETag).
          mutation.reset();
          setErrors([]);
          setNotice(null);
          setFormKey((k) => k + 1);
        }}
      />
      {conflict && (
        <p className="cd-body">
          <Button variant="secondary" onClick={() => void reload()}>
            {T.RELOAD}
          </Button>
        </p>
      )}
      <div role="status">
        {notice && (
          <Notice variant="success">
            <p className="cd-notice__heading">{notice}</p>
          </Notice>
        )}
      </div>
      <CourseControlForm key={`form-${formKey}`} course={courseData} saving={mutation.isPending} errors={fieldErrors} onSubmit={save} />
      <h2 className="cd-heading-m">{T.HISTORY_HEADING}</h2>
      {history.isSuccess && history.data.rows.length === 0 && <p className="cd-body">{T.NO_HISTORY}</p>}
      {history.isSuccess && history.data.rows.length > 0 && (
        <div className="cd-table-container">
          <Table<CourseHistoryEntry>
            caption={T.HISTORY_CAPTION}
            columns={[
              { id: 'at', header: 'When', cell: (h) => dateTime.format(new Date(h.at)) },
              { id: 'user', header: 'Who', cell: (h) => h.username },
              {
                id: 'changes',
                header: 'Changes',
                cell: (h) => (
                  <ul className="cd-list">
                    {h.changes.map((c) => (
                      <li key={c.field}>
                        {FIELD_LABELS[c.field]}: {value(c.old)} → {value(c.new)}
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]}
            rows={history.data.rows}
            rowKey={(h) => `${h.at}-${h.username}`}
          />
        </div>
      )}
    </>
  );
}
