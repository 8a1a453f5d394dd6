import { defineConfig } from 'prisma/config'

// Used only by the prisma CLI (generate, migrate dev). The app applies migrations itself.
export default defineConfig({
  schema: '../../prisma/schema.prisma',
  migrations: { path: '../../prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/promptly_dev' },
})
