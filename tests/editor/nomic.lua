-- Neovim drives `nomic lsp` as an editor does: `vim.lsp.start` on the
-- fixture folder, then the diagnostics, a hover, a definition, a rename's
-- edits and a completion, each checked against what the fixture holds.
-- Run as `nvim --clean --headless -l tests/editor/nomic.lua NOMIC FOLDER`;
-- any failed check ends nvim with an error (and a non-zero status).

local nomic, folder = arg[1], arg[2]
local timeout = 20000

local function check(ok, what, got)
  if not ok then
    error(what .. ': got ' .. vim.inspect(got), 0)
  end
end

vim.cmd.edit(vim.fn.fnameescape(folder .. '/rules.md'))
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start({ name = 'nomic', cmd = { nomic, 'lsp' }, root_dir = folder })
check(id ~= nil, 'the client starts', id)
local client = vim.lsp.get_client_by_id(id)

-- Diagnostics: check's findings, located and coded.
check(vim.wait(timeout, function() return #vim.diagnostic.get(buf) > 0 end, 20), 'diagnostics arrive', nil)
local found = vim.diagnostic.get(buf)
table.sort(found, function(a, b) return a.lnum < b.lnum end)
local codes = vim.tbl_map(function(d) return d.code end, found)
check(vim.deep_equal(codes, { 'N401', 'N201', 'N708', 'N703' }), 'the finding codes', codes)
check(found[1].lnum == 20 and found[1].col == 55 and found[1].end_col == 58, 'the range of `999`', found[1])
check(found[1].severity == vim.diagnostic.severity.ERROR, 'N401 is an error', found[1].severity)

local function at(line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
end

local function ask(method, params)
  local answer = client:request_sync(method, params, timeout, buf)
  check(answer ~= nil and answer.err == nil, method .. ' answers', answer)
  return answer.result
end

-- Hover on `Rule 203` in rule 201.
local hover = ask('textDocument/hover', at(12, 51))
check(vim.startswith(hover.contents.value, '**Rule 203/2** (mutable)'), 'the hover', hover)

-- Definition: the heading of rule 203.
local definition = ask('textDocument/definition', at(38, 45))
check(definition.range.start.line == 26, 'the definition', definition)

-- Completion after `Rule ` on a new line at the end.
local last = vim.api.nvim_buf_line_count(buf)
vim.api.nvim_buf_set_lines(buf, last, last, false, { 'See Rule 20' })
local completion = ask('textDocument/completion', at(last, 11))
local labels = vim.tbl_map(function(item) return item.label end, completion)
check(vim.deep_equal(labels, { '201', '202', '203', '204' }), 'the completion', labels)
vim.api.nvim_buf_set_lines(buf, last, last + 1, false, {})

-- Rename 203 to 250, applied by the editor to every file of the folder.
local edit = ask('textDocument/rename', vim.tbl_extend('force', at(26, 4), { newName = '250' }))
vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding)
local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
check(text:find('## 250/2', 1, true) and text:find('as Rule 250 orders', 1, true), 'the renamed ruleset', text)
local txt = vim.fn.bufnr(folder .. '/rules.txt')
local txt_text = table.concat(vim.api.nvim_buf_get_lines(txt, 0, -1, false), '\n')
check(txt_text:find('Rule 250/2', 1, true) ~= nil, 'the renamed txt-long form', txt_text)
local proposal = vim.fn.bufnr(folder .. '/proposals/342.md')
local proposal_text = table.concat(vim.api.nvim_buf_get_lines(proposal, 0, -1, false), '\n')
check(proposal_text:find('In Rule 250,', 1, true) ~= nil, 'the renamed proposal', proposal_text)

client:stop()
vim.wait(timeout, function() return client:is_stopped() end, 20)
io.stdout:write('nomic lsp in Neovim: ok\n')
