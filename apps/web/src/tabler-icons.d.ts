/**
 * Each icon is imported from its own module (`@tabler/icons-react/dist/esm/icons/IconSun.mjs`), so the
 * dev server and the tests load the few icons the app draws, not the package's 6,000-icon index. The
 * package types only its index; this gives every per-icon module the index's icon type.
 */
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  import type { TablerIcon } from '@tabler/icons-react'

  const icon: TablerIcon
  export default icon
}
