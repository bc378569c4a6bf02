// Kept in step with package.json by test/cli/version.test.ts.
export const VERSION = '0.1.0';
