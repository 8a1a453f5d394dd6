import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core'
import IconBrandFacebook from '@tabler/icons-react/dist/esm/icons/IconBrandFacebook.mjs'
import IconBrandPinterest from '@tabler/icons-react/dist/esm/icons/IconBrandPinterest.mjs'
import IconBrandReddit from '@tabler/icons-react/dist/esm/icons/IconBrandReddit.mjs'
import IconBrandTelegram from '@tabler/icons-react/dist/esm/icons/IconBrandTelegram.mjs'
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs'
import IconBrandX from '@tabler/icons-react/dist/esm/icons/IconBrandX.mjs'
import IconMail from '@tabler/icons-react/dist/esm/icons/IconMail.mjs'
import { useLocation } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

import { SectionCard } from '../components/SectionCard.tsx'
import { useFormat } from '../i18n/useFormat.ts'
import {
  referralUrl,
  SHARE_NETWORKS,
  shareHref,
  shareLabel,
  shareWindowFeatures,
  type ShareNetwork,
} from './share-links.ts'

const ICONS: Record<ShareNetwork, ReactNode> = {
  facebook: <IconBrandFacebook size={18} aria-hidden />,
  twitter: <IconBrandX size={18} aria-hidden />,
  reddit: <IconBrandReddit size={18} aria-hidden />,
  whatsapp: <IconBrandWhatsapp size={18} aria-hidden />,
  pinterest: <IconBrandPinterest size={18} aria-hidden />,
  email: <IconMail size={18} aria-hidden />,
  telegram: <IconBrandTelegram size={18} aria-hidden />,
}

/** What a referral earns the sharer (the server grants it; said here). */
const REFERRAL_CREDITS = 50

const COLORS: Record<ShareNetwork, string> = {
  facebook: '#1877f2',
  twitter: '#000000',
  reddit: '#ff4500',
  whatsapp: '#1f9e53',
  pinterest: '#e60023',
  email: 'gray',
  telegram: '#229ed9',
}

/**
 * 'Share This Tool To Earn 50 Credits' (spec section 2): each network's share page for this page's
 * URL carrying `reffered=<the signed-in user's id>`. Real links (they work from the keyboard, in a
 * new tab, and say where they go); a click opens the network in a window of about 550 x 400 instead
 * when the browser allows one. E-mail is a plain mailto: link.
 */
export function ShareBlock({ userId, title }: { userId: string; title: string }) {
  const { t } = useTranslation('generator')
  const { number } = useFormat()
  const location = useLocation()
  const url = referralUrl(new URL(location.href, window.location.origin).href, userId)

  return (
    <SectionCard aria-labelledby="share-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="share-heading">
          {t('generator.share.title', { credits: number(REFERRAL_CREDITS) })}
        </Title>
        <Text c="dimmed" size="sm">
          {t('generator.share.text', { credits: number(REFERRAL_CREDITS) })}
        </Text>
        <Group gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {SHARE_NETWORKS.map((network) => (
            <li key={network}>
              <ShareLink network={network} href={shareHref(network, url, title)} />
            </li>
          ))}
        </Group>
      </Stack>
    </SectionCard>
  )
}

function ShareLink({ network, href }: { network: ShareNetwork; href: string }) {
  const { t } = useTranslation('generator')
  const label = shareLabel(network, t)
  const onClick =
    network === 'email'
      ? undefined
      : (event: MouseEvent<HTMLAnchorElement>) => {
          // Modified clicks (new tab, new window) keep the browser's own behaviour.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
          const screenBox = {
            left: window.screenX,
            top: window.screenY,
            width: window.outerWidth,
            height: window.outerHeight,
          }
          const popup = window.open(href, `share-${network}`, shareWindowFeatures(screenBox))
          if (!popup) return // blocked: the link opens in a new tab instead
          popup.opener = null
          event.preventDefault()
        }
  return (
    <ActionIcon
      component="a"
      href={href}
      target={network === 'email' ? undefined : '_blank'}
      rel={network === 'email' ? undefined : 'noopener noreferrer'}
      aria-label={label}
      title={label}
      data-network={network}
      size="xl"
      radius="xl"
      variant="filled"
      color={COLORS[network]}
      onClick={onClick}
    >
      {ICONS[network]}
    </ActionIcon>
  )
}
