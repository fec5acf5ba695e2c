import { classNames } from '@clearing-desk/ui';
import { Link } from 'react-router-dom';
import type { ApplicationStepId } from '@/config/paths';
import { APPLICATION_STEPS } from '../steps';

type ApplicationStepsNavProps = {
  current: ApplicationStepId;
  getHref: (step: ApplicationStepId) => string;
};

/** Tab-style navigation between the form's steps; the current step has aria-current="page" (each step is its own URL). */
export function ApplicationStepsNav({ current, getHref }: ApplicationStepsNavProps) {
  return (
    <nav className="cd-steps-nav" aria-label="Application steps">
      <ol className="cd-steps-nav__list">
        {APPLICATION_STEPS.map((step) => {
          const isCurrent = step.id === current;
          return (
            <li key={step.id} className={classNames('cd-steps-nav__item', isCurrent && 'cd-steps-nav__item--current')}>
              <Link className="cd-steps-nav__link" to={getHref(step.id)} aria-current={isCurrent ? 'page' : undefined}>
                <span className="cd-steps-nav__number">Step {step.number}</span> {step.label}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
