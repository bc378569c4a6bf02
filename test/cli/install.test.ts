// Getting it (issue 11): the packed tarball installs into an empty folder with its runtime
// dependencies (and the @modelcontextprotocol/client peer), runs as `mcp-elicit`, and the README's
// library example type-checks against the installed copy. npm's cache and prefix stay in a temp
// folder. The tarball is packed from the dist/ that `npm test` just built with scripts/build.mjs, the
// same script `prepare` runs when npm packs or installs from a clone.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { root } from '../helpers/cli.js';
import { readmeLibraryExample, typeProblems } from '../helpers/readme-example.js';
import { registryEnv } from '../helpers/registry-env.js';

const run = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  scripts: Record<string, string>;
  files: string[];
  peerDependencies: Record<string, string>;
};
const dir = mkdtempSync(join(tmpdir(), 'mcp-elicit-install-'));
const app = join(dir, 'app');
const env = registryEnv({
  ...process.env,
  npm_config_cache: join(dir, 'npm-cache'),
  npm_config_prefix: join(dir, 'global'),
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  MCP_ELICIT_CACHE_DIR: join(dir, 'era-cache'),
});
const npm = (args: string[], cwd: string) => run('npm', args, { cwd, env, timeout: 180_000 });

/** A copy of the checkout's tracked files (and dist/ when asked), so packing never edits this one. */
function checkout(to: string, withDist: boolean): string {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  for (const file of tracked.filter((f) => f !== '' && existsSync(join(root, f)))) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    cpSync(join(root, file), join(to, file));
  }
  if (withDist) cpSync(join(root, 'dist'), join(to, 'dist'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(to, 'node_modules'));
  return to;
}

after(() => rmSync(dir, { recursive: true, force: true }));

// The tarball's install waits on the registry while the clone's pack runs a build: side by side.
describe('installing', { concurrency: true }, () => {
  describe('from a packed tarball', { concurrency: 1 }, () => {
    let tarball = '';
    let files: string[] = [];
    let installed = { stdout: '', stderr: '' };
    let source = '';
    before(async () => {
      // Packed with its scripts, as npm publish packs it: prepack strips `prepare`, postpack restores it.
      source = checkout(join(dir, 'source'), true);
      const packed = await npm(['pack', '--json', '--pack-destination', dir], source);
      const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
        filename: string;
        files: { path: string }[];
      }[];
      assert.ok(info);
      tarball = join(dir, info.filename);
      files = info.files.map((f) => f.path);
      mkdirSync(app);
      writeFileSync(
        join(app, 'package.json'),
        JSON.stringify({ name: 'app', private: true, type: 'module' }),
      );
      installed = await npm(['install', '--no-package-lock', tarball], app);
    });

    it('builds on prepare and ships the built CLI, the demo server and the type declarations', () => {
      assert.match(pkg.scripts.prepare ?? '', /node scripts\/build\.mjs/);
      assert.match(pkg.scripts.build ?? '', /node scripts\/build\.mjs/);
      assert.match(readFileSync(join(root, 'scripts/build.mjs'), 'utf8'), /bundle-cli\.mjs/);
      for (const file of [
        'dist/cli/bin.js',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/demo/main.js',
        'README.md',
        'CHANGELOG.md',
      ])
        assert.ok(files.includes(file), `${file} is in the tarball`);
      assert.deepEqual(
        files.filter(
          (f) =>
            !f.startsWith('dist/') && !['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'].includes(f),
        ),
        [],
        'nothing but dist/ and the package metadata',
      );
    });

    it('installs without a warning: the packed manifest has no prepare script for npm to ask about', () => {
      assert.doesNotMatch(installed.stderr, /warn/i, installed.stderr);
      const shipped = JSON.parse(
        readFileSync(join(app, 'node_modules', 'mcp-elicit', 'package.json'), 'utf8'),
      ) as { scripts?: Record<string, string> };
      assert.equal(shipped.scripts?.prepare, undefined);
      assert.equal(
        readFileSync(join(source, 'package.json'), 'utf8'),
        readFileSync(join(root, 'package.json'), 'utf8'),
        "postpack put the checkout's package.json back byte for byte",
      );
      assert.ok(!existsSync(join(source, '.package.json.unpacked')));
    });

    it('installs the @modelcontextprotocol/client peer dependency alongside', () => {
      const client = join(app, 'node_modules', '@modelcontextprotocol', 'client', 'package.json');
      assert.ok(existsSync(client), 'npm installed the peer');
      const { version } = JSON.parse(readFileSync(client, 'utf8')) as { version: string };
      assert.match(
        version,
        /^2\.4\./,
        `the peer range ${pkg.peerDependencies['@modelcontextprotocol/client']}`,
      );
    });

    it('runs mcp-elicit --version and a call against the bundled demo server', async () => {
      const bin = join(app, 'node_modules', '.bin', 'mcp-elicit');
      assert.equal((await run(bin, ['--version'], { env })).stdout, `${pkg.version}\n`);
      const demo = join(app, 'node_modules', 'mcp-elicit', 'dist', 'demo', 'main.js');
      const call = await run(bin, ['--accept-defaults', 'call', 'survey', '--', process.execPath, demo], {
        env,
        cwd: app,
      });
      assert.match(call.stdout, /^survey: action=accept content=\{"rating":4/m);
    });

    it('loads the library entry with only the runtime dependencies', async () => {
      const script =
        "const m = await import('mcp-elicit'); console.log(typeof m.attachElicitation, typeof m.TerminalRenderer);";
      const loaded = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: app, env });
      assert.equal(loaded.stdout, 'function function\n');
    });

    it("type-checks the README's library example against the installed copy", () => {
      const file = join(app, 'example.ts');
      writeFileSync(file, `${readmeLibraryExample()}\nexport {};\n`);
      const problems = typeProblems(file, {
        rootDir: app,
        typeRoots: [join(root, 'node_modules', '@types')],
      });
      assert.deepEqual(problems, []);
    });
  });

  describe('from a clone', { concurrency: 1 }, () => {
    it("puts mcp-elicit on the PATH from a built clone with the README's npm install -g . (prefix kept in a temp folder)", async () => {
      await npm(['install', '-g', root], dir);
      const bin = join(dir, 'global', 'bin', 'mcp-elicit');
      assert.equal((await run(bin, ['--version'], { env })).stdout, `${pkg.version}\n`);
      const demo = join(root, 'dist', 'demo', 'main.js');
      const call = await run(bin, ['--accept-defaults', 'call', 'survey', '--', process.execPath, demo], {
        env,
      });
      assert.match(call.stdout, /^survey: action=accept/m);
    });
    it('builds dist/ on prepare, so the tarball holds the CLI, the library and its types', async () => {
      const copy = checkout(join(dir, 'checkout'), false);
      assert.ok(!existsSync(join(copy, 'dist')), 'the checkout starts without dist/');
      const packed = await npm(['pack', '--json', '--pack-destination', copy], copy);
      const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
        files: { path: string }[];
      }[];
      const paths = info?.files.map((f) => f.path) ?? [];
      for (const file of ['dist/cli/bin.js', 'dist/index.js', 'dist/index.d.ts', 'dist/demo/main.js'])
        assert.ok(paths.includes(file), `${file} was built and packed`);
    });
  });
});
