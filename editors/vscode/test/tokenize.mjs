// Loads the four TextMate grammars of editors/vscode with vscode-textmate and vscode-oniguruma (the
// engine VS Code itself uses) and tokenizes a sample of each language: every grammar must load,
// and chosen words must get the scopes the grammar promises.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const here = path.dirname(fileURLToPath(import.meta.url));
const extension = path.join(here, "..");
const manifest = JSON.parse(fs.readFileSync(path.join(extension, "package.json"), "utf8"));
const files = Object.fromEntries(manifest.contributes.grammars.map((g) => [g.scopeName, path.join(extension, g.path)]));

const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (s) => new oniguruma.OnigString(s),
  }),
  loadGrammar: async (scope) => (files[scope] ? vsctm.parseRawGrammar(fs.readFileSync(files[scope], "utf8"), files[scope]) : null),
});

// [scope, sample lines, [[line, token text, a scope it must have], ...]]
const samples = [
  ["source.wagic", ["#AUTO_DEFINE _BOLT_ damage:3 target(creature)", "[card]", "name=Shock", "auto=damage:2 target(creature|mybattlefield)", "auto=@movedto(creature|graveyard):draw:1", "mana={R}", "[/card]"],
    [[0, "_BOLT_", "entity.name.function.macro.wagic"], [1, "[card]", "keyword.control.block.wagic"], [3, "auto", "variable.other.key.wagic"],
     [3, "damage", "keyword.other.effect.wagic"], [3, "|mybattlefield", "support.type.zone.wagic"], [4, "@movedto", "keyword.other.trigger.wagic"],
     [5, "{R}", "constant.other.mana.wagic"]]],
  ["source.rulegame", ["# a rule set", "Order Zig=[1,2,3]", "(*,*,red,Zig,[0]) 2 (color:blue, bucket:p+1)"],
    [[0, "# a rule set", "comment.line.number-sign.rulegame"], [1, "Order", "keyword.control.order.rulegame"], [1, "Zig", "entity.name.function.order.rulegame"],
     [2, "*", "constant.language.wildcard.rulegame"], [2, "color", "variable.other.clause.rulegame"], [2, "2", "constant.numeric.rulegame"]]],
  ["source.rulescript", ["target = character@oppRing", "action = {F}: [[if me.hand.size > 0]] damage(100) to(characters@oppRing)", "auto = ~myHandChanges~ +unblockable # why"],
    [[0, "target", "variable.other.key.rulescript"], [0, "@oppRing", "support.type.zone.rulescript"], [1, "{F}", "constant.other.cost.rulescript"],
     [1, "if", "keyword.control.rulescript"], [1, "size", "variable.other.property.rulescript"], [1, "damage", "entity.name.function.command.rulescript"],
     [2, "~myHandChanges~", "keyword.other.event.rulescript"], [2, "# why", "comment.line.number-sign.rulescript"]]],
  ["source.vck", ["choose g 2 m 2 + <citizens where role==holy>", "action.end manipulate_resources mode=self_convert pay=g:1 gain=m:3 optional=true", "all_may self_convert pay=wild:5 gain=v:3"],
    [[0, "choose", "entity.name.function.verb.vck"], [0, "g", "support.constant.resource.vck"], [0, "where", "keyword.control.where.vck"],
     [0, "citizens", "support.type.entity.vck"], [1, "action.end", "keyword.other.phase.vck"], [1, "mode", "variable.parameter.key.vck"],
     [2, "all_may", "storage.modifier.audience.vck"]]],
];

let failures = 0;
for (const [scope, lines, expected] of samples) {
  const grammar = await registry.loadGrammar(scope);
  if (!grammar) {
    console.log(`FAIL ${scope}: the grammar did not load`);
    failures++;
    continue;
  }
  let stack = vsctm.INITIAL;
  const tokens = lines.map((line) => {
    const r = grammar.tokenizeLine(line, stack);
    stack = r.ruleStack;
    return r.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes }));
  });
  for (const [line, text, want] of expected) {
    const found = tokens[line].find((t) => t.text === text);
    if (!found || !found.scopes.includes(want)) {
      console.log(`FAIL ${scope} line ${line}: "${text}" should have ${want}; tokens: ${JSON.stringify(tokens[line])}`);
      failures++;
    }
  }
  console.log(`${scope}: ${lines.length} lines tokenized, ${expected.length} scopes checked`);
}
console.log(failures ? `vscode grammars: ${failures} checks failed` : "vscode grammars: all checks passed");
process.exit(failures ? 1 : 0);
