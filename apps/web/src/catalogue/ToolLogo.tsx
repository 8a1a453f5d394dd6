import IconBrandX from '@tabler/icons-react/dist/esm/icons/IconBrandX.mjs'
import { useEffect, useRef, useState } from 'react'

import classes from './catalogue.module.css'

/**
 * A tool's logo. The default X-like glyph shows until the image has loaded, and stays if it never
 * does (a broken URL shows no broken-image icon). Decorative: the tool's name is always next to it.
 */
export function ToolLogo({ src, size = 48 }: { src: string; size?: number }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')
  const image = useRef<HTMLImageElement>(null)
  // A server-rendered image may have loaded (or failed) before the page hydrated, its event unseen.
  useEffect(() => {
    const img = image.current
    if (img?.complete) setState(img.naturalWidth > 0 ? 'loaded' : 'failed')
  }, [src])
  return (
    <span className={classes.logo} style={{ width: size, height: size }} data-logo-state={state}>
      {state !== 'loaded' && <IconBrandX size={Math.round(size * 0.55)} stroke={2.4} aria-hidden />}
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
