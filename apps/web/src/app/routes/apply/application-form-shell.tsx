import type { ReactNode } from 'react';
import { ApplicationFormProvider, type ApplicationFormProviderProps } from '@/features/application-form/components/application-form-provider';
import { LeaveApplicationGuard } from '@/features/application-form/components/leave-application-guard';

export type ApplicationFormShellProps = Omit<ApplicationFormProviderProps, 'children'> & {
  /** Router pathnames that belong to this application (its steps): leaving to them asks nothing. */
  isInsideApplication: (pathname: string) => boolean;
  children: ReactNode;
};

/**
 * The application form around the pages of /apply/:ucasCode once the form is opened: its state,
 * shared by the steps, and the leave-page question. A module of its own, loaded with the form's
 * pages (load-application-form-shell.ts), not with the course information page: the form's rules (zod
 * schemas) are no part of the information page's start.
 */
export function ApplicationFormShell({ isInsideApplication, children, ...form }: ApplicationFormShellProps) {
  return (
    <ApplicationFormProvider {...form}>
      <LeaveApplicationGuard isInsideApplication={isInsideApplication} />
      {children}
    </ApplicationFormProvider>
  );
}
