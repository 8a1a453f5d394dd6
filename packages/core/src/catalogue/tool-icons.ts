/**
 * The icons the tool-builder offers (spec: "an image picker (fixed icon list plus a field to add a
 * new image URL)"), served by the web app from /logos. A builder logo is one of these or an http(s)
 * URL, so a tool can never point its logo at another path of this site.
 */
export const TOOL_ICONS = [
  '/logos/briefcase.svg',
  '/logos/browser.svg',
  '/logos/email.svg',
  '/logos/facebook.svg',
  '/logos/image.svg',
  '/logos/instagram.svg',
  '/logos/megaphone.svg',
  '/logos/paraphrase.svg',
  '/logos/pen.svg',
  '/logos/seo.svg',
  '/logos/target.svg',
  '/logos/threads.svg',
  '/logos/translate.svg',
  '/logos/waveform.svg',
  '/logos/x.svg',
  '/logos/youtube.svg',
] as const

export type ToolIcon = (typeof TOOL_ICONS)[number]

export function isToolIcon(logo: string): logo is ToolIcon {
  return (TOOL_ICONS as readonly string[]).includes(logo)
}
