import { createFileRoute } from '@tanstack/react-router'

import { AboutPage } from '../pages/info/AboutPage.tsx'

export const Route = createFileRoute('/about')({ component: AboutPage })
