// Runs before the first paint so a saved dark (or system) colour scheme does not flash light.
// Mirrors src/theme/color-scheme.ts: same storage key, same values ('light' | 'dark' | 'auto').
;(function () {
  var scheme = 'light'
  try {
    var saved = window.localStorage.getItem('mantine-color-scheme-value')
    if (saved === 'light' || saved === 'dark') scheme = saved
    else if (saved === 'auto')
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  } catch (_) {
    // Storage can be unavailable (private mode, blocked cookies): keep the default.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme)
})()
