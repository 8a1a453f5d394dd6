// The page's script loader, sent byte for byte inside every server-rendered page, after this
// header (page-document.ts reads it from its opening parenthesis): an expression the page calls
// with its scripts, so it stands unused here, and it keeps the formatting it is sent with.
/* eslint-disable @typescript-eslint/no-unused-expressions */
// prettier-ignore
;(function (scripts) {
  function element(tag, properties) {
    return Object.assign(document.createElement(tag), properties)
  }
  function load(from) {
    var to = Math.min(from + 8, scripts.preloads.length)
    var batch = document.createDocumentFragment()
    for (var i = from; i < to; i++) {
      batch.appendChild(element('link', { rel: 'modulepreload', crossOrigin: '', href: scripts.preloads[i] }))
    }
    document.body.appendChild(batch)
    if (to < scripts.preloads.length) return setTimeout(function () { load(to) }, 0)
    scripts.entries.forEach(function (src) {
      document.body.appendChild(element('script', { type: 'module', crossOrigin: '', src: src }))
    })
  }
  if (document.visibilityState === 'hidden') load(0)
  else requestAnimationFrame(function () { setTimeout(function () { load(0) }, 0) })
})
