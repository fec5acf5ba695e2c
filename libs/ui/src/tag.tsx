import type { ReactNode } from 'react';
import { classNames } from './class-names';

export type TagColour = 'grey' | 'blue' | 'green' | 'yellow' | 'red';

/** A short status label (GOV.UK tag). Colour is decoration: the text carries the meaning. */
export function Tag({ colour = 'blue', children }: { colour?: TagColour; children: ReactNode }) {
  return <strong className={classNames('cd-tag', `cd-tag--${colour}`)}>{children}</strong>;
}
