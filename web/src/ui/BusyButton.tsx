/**
 * A button that stays focusable while the work it started is under way. A disabled button loses
 * focus to <body> (a keyboard or screen-reader user is thrown to the top of the page for as long as a
 * save hangs on a weak signal); this one says it is unavailable (aria-disabled, the same look) and
 * ignores presses until the work ends.
 */
import type { ComponentProps, MouseEvent } from 'react'

type Props = Omit<ComponentProps<'button'>, 'disabled'> & { busy: boolean }

export function BusyButton({ busy, onClick, type = 'button', ...rest }: Props) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    // A submit button's press would submit the form again: a press while busy does nothing at all.
    if (busy) event.preventDefault()
    else onClick?.(event)
  }
  return <button {...rest} type={type} aria-disabled={busy || undefined} onClick={press} />
}
