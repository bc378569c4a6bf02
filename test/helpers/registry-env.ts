// scripts/run-tests.mjs drops NODE_EXTRA_CA_CERTS from the tests' environment (they reach only
// loopback); a command that reaches the npm registry gets it back, in case the registry needs it.
export function registryEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const ca = process.env.MCP_ELICIT_TEST_EXTRA_CA_CERTS;
  return ca === undefined ? env : { ...env, NODE_EXTRA_CA_CERTS: ca };
}
