// Starts `rulekit lsp` for the card and rule files of the workspace (the language of each file is
// found by the server from its content, so every plain-text, JSON, SQL and Python file is offered).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("rulekit").get("path") || "rulekit";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient("rulekit", "rulekit", { run: server, debug: server }, {
    documentSelector: ["wagic", "rulegame", "rulescript", "vck", "plaintext", "json", "sql", "python", "lua"]
      .map((language) => ({ scheme: "file", language })),
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
