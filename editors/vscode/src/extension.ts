// The VS Code extension: starts `puppet-eval lsp` for Puppet and EPP files, hands it the `puppetEval.*`
// settings, and restarts it on request.
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { serverCommand, serverSettings } from './settings';

let client: LanguageClient | undefined;

const configuration = () => {
  const section = vscode.workspace.getConfiguration('puppetEval');
  return (key: string): unknown => section.get(key);
};

async function start(): Promise<void> {
  const get = configuration();
  const { command, args } = serverCommand(get);
  const serverOptions: ServerOptions = { command, args, transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'puppet' },
      { scheme: 'file', language: 'epp' },
    ],
    initializationOptions: serverSettings(get),
  };
  client = new LanguageClient('puppetEval', 'puppet-eval', serverOptions, clientOptions);
  await client.start();
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running) await running.stop();
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('puppetEval.restart', async () => {
      await stop();
      await start();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      // A new program needs a new server; the other settings reach the running one, as the
      // settings the server reads (not the raw section: it names the program, and empty values).
      if (event.affectsConfiguration('puppetEval.path')) {
        await stop();
        await start();
      } else if (event.affectsConfiguration('puppetEval') && client) {
        await client.sendNotification('workspace/didChangeConfiguration', { settings: serverSettings(configuration()) });
      }
    }),
  );
  try {
    await start();
  } catch (error) {
    const { command } = serverCommand(configuration());
    void vscode.window.showErrorMessage(
      `Could not start '${command} lsp': ${error instanceof Error ? error.message : String(error)}. ` +
        'Install puppet-eval or set puppetEval.path.',
    );
  }
}

export function deactivate(): Promise<void> {
  return stop();
}
