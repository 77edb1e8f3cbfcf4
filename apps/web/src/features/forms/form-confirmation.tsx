import { useEffect, useRef } from 'react'

type FormConfirmationProps = {
  title: string
  text: string
  againLabel: string
  onAgain: () => void
}

/** Replaces a sent form; takes focus so keyboard and screen-reader users land on the news. */
export function FormConfirmation({ title, text, againLabel, onAgain }: FormConfirmationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus()
  }, [])
  return (
    <div
      role="status"
      className="flex flex-col items-start gap-3 rounded-2xl border border-olive/40 bg-olive/10 p-6"
    >
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-olive text-2xl text-canvas"
      >
        ✓
      </span>
      <h3 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
        {title}
      </h3>
      <p className="text-muted">{text}</p>
      <button
        type="button"
        onClick={onAgain}
        className="font-semibold text-primary underline-offset-4 hover:underline"
      >
        {againLabel}
      </button>
    </div>
  )
}
