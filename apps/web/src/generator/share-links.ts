/**
 * Sharing a tool (spec section 2): the current page's URL with `reffered` set to the sharer's user
 * id, handed to each network's share page. Spelling as the spec has it: `reffered`.
 */
export const REFERRAL_PARAM = 'reffered'

/** Spec section 9: share windows are about 550 x 400. */
export const SHARE_WINDOW = { width: 550, height: 400 } as const

export const SHARE_NETWORKS = ['facebook', 'twitter', 'reddit', 'whatsapp', 'pinterest', 'email', 'telegram'] as const
export type ShareNetwork = (typeof SHARE_NETWORKS)[number]

/** The accessible name of each network's button. */
export const SHARE_LABELS: Record<ShareNetwork, string> = {
  facebook: 'Share on Facebook',
  twitter: 'Share on X (Twitter)',
  reddit: 'Share on Reddit',
  whatsapp: 'Share on WhatsApp',
  pinterest: 'Share on Pinterest',
  email: 'Share by e-mail',
  telegram: 'Share on Telegram',
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
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${encodeURIComponent(`${title} ${url}`)}`
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?url=${u}&description=${t}`
    case 'email':
      return `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${url}`)}`
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`
  }
}

/** window.open features for a share window of about 550 x 400, centred over the current window. */
export function shareWindowFeatures(screen: { left: number; top: number; width: number; height: number }): string {
  const { width, height } = SHARE_WINDOW
  const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2))
  const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2))
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`
}
