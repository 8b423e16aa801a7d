// What the extension hands puppet-eval's language server as its settings (initializationOptions and
// workspace/didChangeConfiguration), from the `puppetEval.*` configuration, in the names the server reads
// (docs/language-server.md). Every setting is sent, an unset one as the server's default, so that clearing
// one in VS Code clears it in the running server too. No VS Code import here: tests run it in Node.

/** The `puppetEval` configuration as VS Code hands it: a value per key, undefined where unset. */
export type Configuration = (key: string) => unknown;

/** The server's settings from the configuration. */
export function serverSettings(get: Configuration): Record<string, unknown> {
  const text = (key: string): string | undefined => {
    const value = get(key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const flag = (key: string): boolean => {
    const value = get(key);
    return typeof value === 'boolean' ? value : true;
  };
  const modulepath = get('modulepath');
  const delay = get('compileDelay');
  const strict = text('strict');
  return {
    node: text('node') ?? 'playground',
    facts: text('facts') ?? '',
    manifest: text('manifest') ?? null,
    strict: strict === 'warning' || strict === 'off' ? strict : 'error',
    modulepath: Array.isArray(modulepath) ? modulepath.filter((entry): entry is string => typeof entry === 'string') : [],
    lint: flag('lint'),
    compile: flag('compile'),
    compileDelay: typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? Math.round(delay) : 300,
  };
}

/** The program the server runs as, and its arguments (the client adds `--stdio`). */
export function serverCommand(get: Configuration): { command: string; args: string[] } {
  const path = get('path');
  const command = typeof path === 'string' && path.trim() !== '' ? path.trim() : 'puppet-eval';
  return { command, args: ['lsp'] };
}
