import { createFileRoute } from '@tanstack/react-router'

import { BlogPage } from '../pages/info/BlogPage.tsx'

export const Route = createFileRoute('/blog')({ component: BlogPage })
