// A desktop notification where the desktop offers one: `notify-send` (the freedesktop notification
// service) on Linux and the BSDs, `osascript` on macOS, Windows PowerShell's toast API on Windows.
// Found on PATH, started without a shell, never waited for; where none is found, nothing.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { AttentionEvent, AttentionSink } from '../../core/attention.js';
import { spawnOnUse } from '../child-process.js';

/** Starts a notifier command without a shell and without waiting for it. */
export type Spawn = (command: string, args: readonly string[]) => void;

const startDetached: Spawn = (command, args) => {
  // Its own process group: a notice raised just before the CLI exits is still shown.
  const child = spawnOnUse()(command, args, { stdio: 'ignore', shell: false, detached: true });
  child.on('error', () => {}); // a notifier that fails is silent; the prompt is still on screen
  child.unref();
};

/** A sink for this desktop, or undefined where there is none. */
export function desktopNotifier(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  run: Spawn = startDetached,
): AttentionSink | undefined {
  if (platform === 'darwin') {
    const osascript = findOnPath('osascript', env);
    if (osascript === undefined) return undefined;
    return (event) => run(osascript, ['-e', appleScript(event)]);
  }
  if (platform === 'win32') {
    const powershell = findOnPath('powershell.exe', env);
    if (powershell === undefined) return undefined;
    // -EncodedCommand: the script travels as Base64 of UTF-16LE, so no quoting of ours can break.
    return (event) =>
      run(powershell, [
        '-NoProfile',
        '-NonInteractive',
        '-EncodedCommand',
        encodePowerShell(toastScript(event)),
      ]);
  }
  const notifySend = findOnPath('notify-send', env);
  if (notifySend === undefined) return undefined;
  return (event) =>
    run(notifySend, ['--app-name=mcp-elicit', '--urgency=normal', '--', event.title, event.body]);
}

function appleScript(event: AttentionEvent): string {
  const quote = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  return `display notification ${quote(event.body)} with title ${quote(event.title)}`;
}

// A toast from Windows PowerShell's own AppUserModelID (an unregistered one shows nothing).
const POWERSHELL_APP_ID = '{1AC14E77-02E7-4E5D-B744-2EB1AE5198B7}\\WindowsPowerShell\\v1.0\\powershell.exe';

function toastScript(event: AttentionEvent): string {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return [
    '$m = [Windows.UI.Notifications.ToastNotificationManager, Windows.UI.Notifications, ContentType = WindowsRuntime]',
    '$t = $m::GetTemplateContent([Windows.UI.Notifications.ToastTemplateType]::ToastText02)',
    "$x = $t.GetElementsByTagName('text')",
    `$x.Item(0).AppendChild($t.CreateTextNode(${quote(event.title)})) > $null`,
    `$x.Item(1).AppendChild($t.CreateTextNode(${quote(event.body)})) > $null`,
    `$m::CreateToastNotifier(${quote(POWERSHELL_APP_ID)}).Show([Windows.UI.Notifications.ToastNotification]::new($t))`,
  ].join('; ');
}

function encodePowerShell(script: string): string {
  return Buffer.from(script, 'utf16le').toString('base64');
}

function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}
