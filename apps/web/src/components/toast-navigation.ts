import { createContext } from 'react'

/**
 * Client-side navigation for links inside toasts. The toast renderer sits above the router (it
 * must show on every page, error pages too), so a toast cannot use the router's Link; the app
 * passes its navigate function down instead (AppProviders → Toaster → ToastViewport).
 */
export const ToastNavigation = createContext<((to: string) => void) | null>(null)
