/** Loads `path` afresh (a full page load): the app's memory of the previous account is gone with it. */
export function reloadAt(path: string): void {
  window.location.assign(path)
}
