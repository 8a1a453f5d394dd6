import { useMantineColorScheme } from '@mantine/core'
import IconDeviceDesktop from '@tabler/icons-react/dist/esm/icons/IconDeviceDesktop.mjs'
import IconMoon from '@tabler/icons-react/dist/esm/icons/IconMoon.mjs'
import IconSun from '@tabler/icons-react/dist/esm/icons/IconSun.mjs'
import { useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'

import { useHydrated } from '../app/useHydrated.ts'
import { COLOR_SCHEME_CHOICES, DEFAULT_COLOR_SCHEME } from './color-scheme.ts'
import controls from './controls.module.css'

const ICONS = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const

/**
 * Light / Dark / System as an ARIA radio group of three icon buttons (named "Light", "Dark",
 * "System"): Tab reaches the checked one, arrow keys move the choice. Saved in localStorage
 * by Mantine's colour scheme manager. Plain buttons styled like Mantine's ActionIcon.Group: the
 * header renders them with the first paint, and Mantine's ActionIcon would be its only user there.
 */
export function ColorSchemeToggle() {
  const { t } = useTranslation()
  const { colorScheme: saved, setColorScheme } = useMantineColorScheme()
  // The server cannot read the saved choice: the page hydrates with the default, then shows it.
  const colorScheme = useHydrated() ? saved : DEFAULT_COLOR_SCHEME
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const selected = Math.max(
    0,
    COLOR_SCHEME_CHOICES.findIndex((choice) => choice.value === colorScheme),
  )

  function choose(index: number) {
    const count = COLOR_SCHEME_CHOICES.length
    const next = COLOR_SCHEME_CHOICES[(index + count) % count]!
    setColorScheme(next.value)
    buttons.current[(index + count) % count]?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') choose(selected + 1)
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') choose(selected - 1)
    else if (event.key === 'Home') choose(0)
    else if (event.key === 'End') choose(COLOR_SCHEME_CHOICES.length - 1)
    else return
    event.preventDefault()
  }

  return (
    <div
      role="radiogroup"
      aria-label={t('layout.colorScheme.label')}
      className={controls.actionIconGroup}
      onKeyDown={onKeyDown}
    >
      {COLOR_SCHEME_CHOICES.map(({ value }, index) => {
        const Icon = ICONS[value]
        const label = t(`layout.colorScheme.${value}`)
        const checked = index === selected
        return (
          <button
            key={value}
            type="button"
            className={`mantine-focus-auto mantine-active ${controls.actionIcon}`}
            data-variant={checked ? undefined : 'default'}
            ref={(node) => {
              buttons.current[index] = node
            }}
            role="radio"
            aria-checked={checked}
            aria-label={label}
            title={label}
            tabIndex={checked ? 0 : -1}
            onClick={() => setColorScheme(value)}
          >
            <Icon size={18} aria-hidden />
          </button>
        )
      })}
    </div>
  )
}
