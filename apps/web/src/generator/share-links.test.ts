import { describe, expect, it } from 'vitest'

import { referralUrl, SHARE_NETWORKS, shareHref, shareWindowFeatures } from './share-links.ts'

const PAGE = 'https://promptly.example/generate?id=tool-1&from=gen-9&reffered=someone-else#faq'

describe('share links', () => {
  it("shares this page with reffered set to the sharer, replacing anyone else's, without from or the fragment", () => {
    expect(referralUrl(PAGE, 'user-42')).toBe('https://promptly.example/generate?id=tool-1&reffered=user-42')
  })

  it("opens each network's share page for the referral URL", () => {
    const url = 'https://promptly.example/generate?id=tool-1&reffered=user-42'
    const hrefs = Object.fromEntries(
      SHARE_NETWORKS.map((network) => [network, shareHref(network, url, 'X Bio Generator')]),
    )
    const u = encodeURIComponent(url)
    expect(hrefs).toEqual({
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      twitter: `https://twitter.com/intent/tweet?url=${u}&text=X%20Bio%20Generator`,
      reddit: `https://www.reddit.com/submit?url=${u}&title=X%20Bio%20Generator`,
      whatsapp: `https://api.whatsapp.com/send?text=X%20Bio%20Generator%20${u}`,
      pinterest: `https://pinterest.com/pin/create/button/?url=${u}&description=X%20Bio%20Generator`,
      email: `mailto:?subject=X%20Bio%20Generator&body=X%20Bio%20Generator%0A%0A${u}`,
      telegram: `https://t.me/share/url?url=${u}&text=X%20Bio%20Generator`,
    })
  })

  it('asks for a 550 x 400 window centred over the current one', () => {
    expect(shareWindowFeatures({ left: 100, top: 50, width: 1280, height: 800 })).toBe(
      'popup=yes,width=550,height=400,left=465,top=250',
    )
  })
})
