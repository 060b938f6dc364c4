-- Run by neovim_check.sh inside Neovim 0.7 (headless): starts `rulekit lsp` with the built-in
-- client the way docs/LSP.md shows, attaches it to the open buffer, waits for the diagnostics
-- and writes what Neovim received to $OUT, one line each: "line:col-end_line:end_col CODE message".
local client = vim.lsp.start_client({
  name = "rulekit",
  cmd = { os.getenv("RULEKIT"), "lsp" },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(0, client)
vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
  local message = d.message:gsub("\n.*", "")
  table.insert(lines, string.format("%d:%d-%d:%d %s %s", d.lnum, d.col, d.end_lnum, d.end_col, code, message))
end
local f = io.open(os.getenv("OUT"), "w")
f:write(table.concat(lines, "\n") .. "\n")
f:close()
vim.lsp.stop_client(client)
vim.cmd("qa!")
