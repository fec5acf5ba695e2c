import type { ComponentProps } from 'react';
import { classNames } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'warning';

/** Class names of a button, also for links that look like buttons (router links, external links). */
export const buttonClassName = (variant: ButtonVariant = 'primary', className?: string): string =>
  classNames('cd-button', variant !== 'primary' && `cd-button--${variant}`, className);

export type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant };

/** A button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
