import type { TFunction } from 'i18next'

/**
 * Sharing a tool (spec section 2): the current page's URL with `reffered` set to the sharer's user
 * id, handed to each network's share page. Spelling as the spec has it: `reffered`.
 */
export const REFERRAL_PARAM = 'reffered'

/** Spec section 9: share windows are about 550 x 400. */
export const SHARE_WINDOW = { width: 550, height: 400 } as const

export const SHARE_NETWORKS = ['facebook', 'twitter', 'reddit', 'whatsapp', 'pinterest', 'email', 'telegram'] as const
export type ShareNetwork = (typeof SHARE_NETWORKS)[number]

interface ShareTarget {
  /** The key of the network's button's accessible name. */
  label: `generator.share.${ShareNetwork}`
  /** The network's share address for page `u` with title `t`, both already URI-encoded. */
  href: (u: string, t: string) => string
}

/** Each network's button name and share address, side by side. */
const SHARE_TARGETS: Record<ShareNetwork, ShareTarget> = {
  facebook: { label: 'generator.share.facebook', href: (u) => `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  twitter: { label: 'generator.share.twitter', href: (u, t) => `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
  reddit: { label: 'generator.share.reddit', href: (u, t) => `https://www.reddit.com/submit?url=${u}&title=${t}` },
  whatsapp: { label: 'generator.share.whatsapp', href: (u, t) => `https://api.whatsapp.com/send?text=${t}%20${u}` },
  pinterest: {
    label: 'generator.share.pinterest',
    href: (u, t) => `https://pinterest.com/pin/create/button/?url=${u}&description=${t}`,
  },
  email: { label: 'generator.share.email', href: (u, t) => `mailto:?subject=${t}&body=${t}%0A%0A${u}` },
  telegram: { label: 'generator.share.telegram', href: (u, t) => `https://t.me/share/url?url=${u}&text=${t}` },
}

/** The accessible name of a network's button, in the page's language. */
export function shareLabel(network: ShareNetwork, t: TFunction<'generator'>): string {
  return t(SHARE_TARGETS[network].label)
}

/**
 * The page to share: `pageUrl` with `reffered` set to the sharer (replacing anyone else's) and
 * without what only mattered to this visit (`from`: the history entry being re-run; the fragment).
 */
export function referralUrl(pageUrl: string, referrerId: string): string {
  const url = new URL(pageUrl)
  url.searchParams.delete('from')
  url.searchParams.set(REFERRAL_PARAM, referrerId)
  url.hash = ''
  return url.href
}

/** Each network's share address for `url`, with `title` as the text where the network takes one. */
export function shareHref(network: ShareNetwork, url: string, title: string): string {
  return SHARE_TARGETS[network].href(encodeURIComponent(url), encodeURIComponent(title))
}

/** window.open features for a share window of about 550 x 400, centred over the current window. */
export function shareWindowFeatures(screen: { left: number; top: number; width: number; height: number }): string {
  const { width, height } = SHARE_WINDOW
  const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2))
  const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2))
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`
}
