import type { SVGProps } from 'react'

/** The Promptly mark: a speech-bubble "P". Decorative: the site name is next to it. */
export function LogoMark({ size = 32, ...props }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-violet-7)" />
      <path d="M10 23V9h7a5 5 0 0 1 0 10h-3.5v4z" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" />
      <circle cx="23.5" cy="23" r="2" fill="#fff" />
    </svg>
  )
}
