-- A Neovim session with its built-in LSP client on a copy of the fixture control repository:
-- diagnostics, hover, definition across files, references, rename and formatting, the edits
-- written with :wall. Runs with `nvim --headless -u NONE -c "luafile lsp_session.lua"` (the
-- Neovim 0.7 API: start_client and buf_attach_client); PUPPET_EVAL names the server's binary,
-- FIXTURE the copy. Exits 0 when every check holds, 1 with the failures on stderr.

vim.o.hidden = true
local server = os.getenv("PUPPET_EVAL")
local root = os.getenv("FIXTURE")
local failures = {}
local function check(ok, what)
  if not ok then
    table.insert(failures, what)
  end
end
local function finish()
  if #failures == 0 then
    vim.cmd("qall!")
  else
    io.stderr:write(table.concat(failures, "\n") .. "\n")
    vim.cmd("cquit 1")
  end
end

local client_id = vim.lsp.start_client({
  name = "puppet-eval",
  cmd = { server, "lsp" },
  root_dir = root,
  workspace_folders = { { uri = vim.uri_from_fname(root), name = "fixture" } },
  init_options = { node = "web1.example.com", facts = "debian-12", compileDelay = 20 },
})
check(client_id ~= nil, "the client did not start")

-- Open a file and attach the client to its buffer.
local function open(relative)
  vim.cmd("edit " .. root .. "/" .. relative)
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  return buf
end

-- The position (0-based line, character) `n` bytes into the first `needle` of a buffer (the
-- needles are on ASCII lines, where bytes and UTF-16 units agree).
local function at(buf, needle, n)
  for line, text in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local found = text:find(needle, 1, true)
    if found then
      return { line = line - 1, character = found - 1 + n }
    end
  end
  error("not in the buffer: " .. needle)
end

-- One request's result (nil on an error or no answer in 10 s).
local function ask(buf, method, params)
  local answers = vim.lsp.buf_request_sync(buf, method, params, 10000)
  local answer = answers and answers[client_id]
  if answer == nil or answer.err ~= nil then
    return nil
  end
  return answer.result
end

local function at_params(buf, needle, n)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = at(buf, needle, n) }
end

-- Diagnostics: lint's double_quoted_strings on the file the test wrote.
local check_buf = open("manifests/check.pp")
local linted = vim.wait(20000, function()
  for _, d in ipairs(vim.diagnostic.get(check_buf)) do
    if d.message == "double quoted string containing no variables" and d.lnum == 0 then
      return true
    end
  end
  return false
end, 50)
check(linted, "no lint diagnostic on manifests/check.pp")

-- Hover: a module's function, with its signature.
local profile = open("site/profile/manifests/web.pp")
local hover = ask(profile, "textDocument/hover", at_params(profile, "apache::port_label", 3))
local shown = hover and hover.contents and hover.contents.value or ""
check(shown:find("function apache::port_label(Integer $port) >> String", 1, true) ~= nil,
  "hover of apache::port_label: " .. shown)

-- Definition across files: the defined type in its module.
local definition = ask(profile, "textDocument/definition", at_params(profile, "apache::vhost", 2))
local target = definition and (definition.uri or (definition[1] and definition[1].uri)) or ""
check(vim.endswith(target, "/modules/apache/manifests/vhost.pp"), "definition of apache::vhost: " .. target)

-- References: the class profile::web, named by role::web and defined in its file.
local role = open("site/role/manifests/web.pp")
local params = at_params(role, "profile::web", 2)
params.context = { includeDeclaration = true }
local references = ask(role, "textDocument/references", params) or {}
check(#references == 2, "references of profile::web: " .. #references)

-- Rename: the Hiera key in the manifest and in its data file, written to disk.
vim.cmd("buffer " .. profile)
local rename = at_params(profile, "motd::banner", 2)
rename.newName = "motd::greeting"
local edit = ask(profile, "textDocument/rename", rename)
check(edit ~= nil, "no rename edit")
if edit then
  vim.lsp.util.apply_workspace_edit(edit, "utf-16")
end

-- Formatting: lint's fixes as one edit of the buffer.
local edits = ask(check_buf, "textDocument/formatting", {
  textDocument = { uri = vim.uri_from_bufnr(check_buf) },
  options = { tabSize = 2, insertSpaces = true },
})
check(edits ~= nil and #edits == 1, "formatting edits: " .. vim.inspect(edits))
if edits then
  vim.lsp.util.apply_text_edits(edits, check_buf, "utf-16")
end

vim.cmd("silent wall")
finish()
