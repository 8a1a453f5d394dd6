// `npm run admin -- grant|revoke <email>` (see admin-cli.ts).
import { runAdminCli } from './admin-cli.ts'

process.exitCode = await runAdminCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
})
