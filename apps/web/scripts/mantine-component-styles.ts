import { dirname, join, relative, sep } from 'node:path'
import type { Plugin } from 'vite'

/**
 * A Mantine component's class names live in its `<Name>.module.mjs`: `@mantine/core/esm/components/
 * Button/Button.module.mjs` for Button, whose rules are in `@mantine/core/styles/Button.css`. The
 * other Mantine packages ship one stylesheet each (`@mantine/notifications/styles.css`).
 */
const MANTINE_CLASS_MODULE =
  /^(.*[\\/]node_modules[\\/]@mantine[\\/]([a-z-]+))[\\/]esm[\\/](?:.*[\\/])?([^\\/]+)\.module\.mjs(?:\?.*)?$/

/** The stylesheet that defines the classes of a Mantine class-name module, or null for any other module. */
export function stylesheetOf(moduleId: string): string | null {
  const match = MANTINE_CLASS_MODULE.exec(moduleId)
  if (!match) return null
  const [, packageRoot = '', pkg, name] = match
  return pkg === 'core' ? join(packageRoot, 'styles', `${name}.css`) : join(packageRoot, 'styles.css')
}

/**
 * Makes each Mantine component bring its own stylesheet, instead of the app loading all of
 * Mantine's (253 kB, 87% unused on the home page) before its first paint. The import goes into the
 * module that holds the component's class names, so the CSS follows the component's JavaScript into
 * whichever chunk Vite puts it: the home page blocks only on the styles of what it renders, and a
 * lazy page or dialog brings its styles when it loads. A component's styles come after those of the
 * components it is built on (Button after UnstyledButton), as ES modules run their imports first,
 * which is the order Mantine's docs ask for.
 *
 * The global files (baseline, default-css-variables, global) are imported once by src/main.tsx.
 * scripts/check-mantine-styles.ts checks the built chunks: every Mantine class a chunk uses is defined by the
 * CSS loaded with it.
 */
export function mantineComponentStyles(): Plugin {
  const transform = {
    filter: { id: MANTINE_CLASS_MODULE },
    handler(code: string, id: string) {
      const stylesheet = stylesheetOf(id)
      if (!stylesheet) return null
      const specifier = relative(dirname(id), stylesheet).split(sep).join('/')
      return {
        code: `import ${JSON.stringify(specifier.startsWith('.') ? specifier : `./${specifier}`)};\n${code}`,
        map: null,
      }
    },
  }
  return {
    name: 'promptly:mantine-component-styles',
    // `vite dev` pre-bundles dependencies without the app's plugins: the same transform runs there
    // too (the pre-bundle holds every component, so development loads all of Mantine's styles).
    config: () => ({
      optimizeDeps: { rolldownOptions: { plugins: [{ name: 'promptly:mantine-component-styles', transform }] } },
    }),
    transform,
  }
}
