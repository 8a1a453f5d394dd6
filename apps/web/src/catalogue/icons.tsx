import { Svg, type IconProps } from '../components/icons.tsx'

/** Catalogue icons, kept out of the entry chunk (see components/icons.tsx). Decorative. */

export function BookmarkIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <Svg {...props} fill={filled ? 'currentColor' : 'none'}>
      <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
    </Svg>
  )
}

export function ExternalIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
    </Svg>
  )
}

export function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Svg>
  )
}

/** The default tool logo, an X-like glyph, shown until (or instead of) the tool's own image. */
export function DefaultToolGlyph(props: IconProps) {
  return (
    <Svg {...props} strokeWidth={2.4}>
      <path d="M5 4h3.5L19 20h-3.5zM19 4l-6 7.2M5 20l6-7.2" />
    </Svg>
  )
}
