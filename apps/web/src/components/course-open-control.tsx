import { COURSE_OPEN_TEXTS as T, courseDetailResponseSchema, courseNamed, type CourseData, type CourseDetailResponse } from '@clearing-desk/contracts';
import { Button, ConfirmDialog, Notice } from '@clearing-desk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiPaths } from '@/config/paths';
import { api, formatApiError } from '@/lib/api-client';
import { adminCourseKeys } from '@/lib/admin-course';

/** POST /api/admin/courses/{code}/close or /reopen: the course after it. @throws ApiError (403, 404, 409 with the message naming the course). */
const setCourseOpen = ({ ucasCode, open }: { ucasCode: string; open: boolean }): Promise<CourseDetailResponse> =>
  api.post(open ? apiPaths.deskCourseReopen(ucasCode) : apiPaths.deskCourseClose(ucasCode), {}, courseDetailResponseSchema);

/**
 * Course control's explicit Close and Reopen (course control and the wallboard): 'Close course'
 * while the course has external vacancies, 'Reopen course' when Close closed it (restoring
 * `reopenVacancies`); each asks first in a dialog naming the course, then says what was done in a
 * status region (or the refusal). `onDone` gets the course as it is after; the caller's course
 * queries (`['courses']`, with `also`) are fetched again.
 */
export function CourseOpenControl({
  course,
  reopenVacancies,
  viewer,
  also = [],
  onDone,
}: {
  course: Pick<CourseData, 'UCAS_CODE' | 'COURSE_TITLE' | 'COURSE_CODE_OVERRIDE' | 'VACANCIES_EXTERNAL'>;
  reopenVacancies: number | null;
  viewer: string;
  also?: readonly (readonly unknown[])[];
  onDone?: (after: CourseDetailResponse) => void;
}) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const named = courseNamed(course);
  const open = course.VACANCIES_EXTERNAL === 0;
  const mutation = useMutation({
    mutationFn: setCourseOpen,
    onSuccess: (after, { open: reopened }) => {
      queryClient.setQueryData(adminCourseKeys.detail(course.UCAS_CODE, viewer), after);
      for (const key of [['courses'], ['course-control'], ...also]) void queryClient.invalidateQueries({ queryKey: key });
      setSaid({ ok: true, text: reopened ? T.reopened(named, after.courseData.VACANCIES_EXTERNAL) : T.closed(named) });
      onDone?.(after);
    },
    onError: (error) => setSaid({ ok: false, text: formatApiError(error) }),
  });
  if (open && reopenVacancies === null && !said) return null;
  const confirm = () => {
    setAsking(false);
    setSaid(null);
    mutation.mutate({ ucasCode: course.UCAS_CODE, open });
  };
  const vacancies = open ? (reopenVacancies ?? 0) : course.VACANCIES_EXTERNAL;
  return (
    <div className="cd-course-open">
      {!(open && reopenVacancies === null) && (
        <Button type="button" variant={open ? 'primary' : 'warning'} disabled={mutation.isPending} onClick={() => setAsking(true)}>
          {open ? `${T.REOPEN}: ${named}` : `${T.CLOSE}: ${named}`}
        </Button>
      )}
      <div role="status">
        {said && (
          <Notice variant={said.ok ? 'success' : 'error'}>
            <p className="cd-notice__heading">{said.text}</p>
          </Notice>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={open ? T.reopenTitle(named) : T.closeTitle(named)}
        confirmLabel={open ? T.REOPEN : T.CLOSE}
        cancelLabel={T.CANCEL}
        confirmVariant={open ? 'primary' : 'warning'}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p className="cd-body">{open ? T.reopenBody(vacancies) : T.closeBody(vacancies)}</p>
      </ConfirmDialog>
    </div>
  );
}
