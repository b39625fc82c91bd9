/**
 * The operator's command line: `npm run ops -- <command> [arguments]` (docs/operations.md, "Routine
 * tasks"). The commands are in ./ops.ts.
 */
import { runOps } from './ops.ts';

process.exitCode = await runOps(process.argv.slice(2), { env: process.env, out: (line) => console.log(line) });
