import { Svg, type IconProps } from '../components/icons.tsx'

/**
 * The generator page's icons, inline and decorative (each control has its own accessible name).
 * Simplified glyphs: recognisable at 18 px without shipping the networks' brand files.
 */

export function CopyIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </Svg>
  )
}

export function FacebookIcon(props: IconProps) {
  return (
    <Svg {...props} fill="currentColor" stroke="none">
      <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v7h4v-7h3l.5-4h-3.5V8.9c0-.6.4-.9 1-.9z" />
    </Svg>
  )
}

export function XIcon(props: IconProps) {
  return (
    <Svg {...props} fill="currentColor" stroke="none">
      <path d="M4 4h4.2l4 5.4L16.8 4H19l-5.7 6.9L20 20h-4.2l-4.4-5.9L6.3 20H4l6.3-7.5z" />
    </Svg>
  )
}

export function RedditIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <ellipse cx="12" cy="14.5" rx="8" ry="5.5" />
      <path d="M12 9l1.5-5 4 1" />
      <circle cx="19" cy="5" r="1.5" />
      <path d="M9 16.5c1.8 1 4.2 1 6 0" />
      <circle cx="9" cy="13.5" r=".6" fill="currentColor" />
      <circle cx="15" cy="13.5" r=".6" fill="currentColor" />
    </Svg>
  )
}

export function WhatsAppIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4z" />
      <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8c-1.2-.5-2.3-1.6-2.8-2.8l.8-1-1-2z" />
    </Svg>
  )
}

export function PinterestIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M10.5 20l1.8-7.5" />
      <path d="M9.3 13.8C8 12 8.6 8.6 11.8 8c3-.5 4.8 1.3 4.2 4-.5 2.3-2.4 3.3-3.9 2.4" />
    </Svg>
  )
}

export function MailIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </Svg>
  )
}

export function TelegramIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21 4 3 11l6 2.5L11.5 20l3-4.5 4.5 3.5z" />
      <path d="M9 13.5 21 4" />
    </Svg>
  )
}
