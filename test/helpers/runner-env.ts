// The environment of the conformance runner (Node 22, .tools/) and of the client it spawns.
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Ours without NODE_TEST_CONTEXT (the runner and its client are not test files), with Node 22's
 * compile cache in the run's scratch cache: each scenario starts the runner afresh, and compiling
 * its code again each time cost about 0.2 CPU-s of its 0.9 (Node 20, which runs the client, ignores it).
 */
export function runnerEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  env.NODE_COMPILE_CACHE = join(env.XDG_CACHE_HOME ?? tmpdir(), 'conformance-runner-compile');
  return env;
}
