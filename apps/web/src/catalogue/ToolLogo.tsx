import { useEffect, useRef, useState } from 'react'

import classes from './catalogue.module.css'
import { placeholderColor, toolInitial } from './logo-placeholder.ts'

/**
 * A tool's logo. Until the image has loaded (and for good if it never does: a broken URL shows no
 * broken-image icon), the tool's initial on a colour of its own stands in: a neutral placeholder,
 * not a glyph that could be taken for some brand's logo. Without a `name`, a plain tile. Decorative:
 * the tool's name is always next to it.
 */
export function ToolLogo({ src, name = '', size = 48 }: { src: string; name?: string; size?: number }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')
  const image = useRef<HTMLImageElement>(null)
  // A server-rendered image may have loaded (or failed) before the page hydrated, its event unseen.
  useEffect(() => {
    const img = image.current
    if (img?.complete) setState(img.naturalWidth > 0 ? 'loaded' : 'failed')
  }, [src])
  const initial = toolInitial(name)
  return (
    <span className={classes.logo} style={{ width: size, height: size }} data-logo-state={state}>
      {state !== 'loaded' && initial !== '' && (
        <span
          className={classes.logoInitial}
          style={{ backgroundColor: placeholderColor(name), fontSize: Math.round(size * 0.45) }}
          aria-hidden
        >
          {initial}
        </span>
      )}
      {state !== 'failed' && src !== '' && (
        <img
          ref={image}
          src={src}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          className={classes.logoImage}
          data-loaded={state === 'loaded' || undefined}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
    </span>
  )
}
